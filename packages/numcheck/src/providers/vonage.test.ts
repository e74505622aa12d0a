import { describe, expect, it } from "vitest";
import { UpstreamHttpError } from "./http-error";
import { resilient } from "./resilient";
import { type FakeUpstream, fakeCall } from "./testing/fake-upstream";
import { useFake } from "./testing/use-fake";
import {
  ADVANCED,
  STANDARD,
  VONAGE_TEST_KEY,
  VONAGE_TEST_SECRET,
  vonageFake,
  vonageInsight,
  vonagePublished,
  vonageStatuses,
} from "./testing/vonage-fake";
import { VonageProvider } from "./vonage";
import { VONAGE_CONTRACT } from "./vonage-contract";

/**
 * The Vonage Number Insight adapter against a fake Vonage whose every answer is checked against
 * the contract the official SDK types (testing/fake-upstream.ts), one test per outcome.
 */
const fake: FakeUpstream = vonageFake();
const upstream = useFake(fake);

const NUMBER = "+447700900000";
const now = () => new Date("2030-05-06T07:08:09Z");
const vonage = (apiSecret = VONAGE_TEST_SECRET) =>
  new VonageProvider({ apiKey: VONAGE_TEST_KEY, apiSecret, baseUrl: upstream.baseUrl, now });
const fast = { retry: { baseDelayMs: 1, maxDelayMs: 5 } };
const VODAFONE = { name: "Vodafone Limited", mcc: "234", mnc: "15", country: "GB" };
const O2 = { name: "Telefonica UK Limited", mcc: "234", mnc: "10", country: "GB" };

describe("vonage fixtures", () => {
  it("every fixture follows the contract it names, Advanced and Standard", () => {
    for (const path of [ADVANCED, STANDARD]) {
      const call = fakeCall(path, { number: "447700900000" });
      for (const fixture of Object.values(vonageInsight)) {
        const reply = fixture(call);
        expect(reply.contract).toBe(VONAGE_CONTRACT);
        expect(fake.validate(call, reply)).toEqual([]);
      }
      for (const reply of Object.values(vonageStatuses)) expect(fake.validate(call, reply)).toEqual([]);
    }
  });
});

describe("vonage adapter: HLR (Advanced) mapping", () => {
  it("a reachable mobile: carriers split into MCC and MNC, line type, price less refund and the balance", async () => {
    const hlr = await vonage().lookup("hlr", NUMBER);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ method: "GET", path: ADVANCED });
    expect(fake.calls[0]?.query.get("number")).toBe("447700900000");
    expect(hlr).toEqual({
      e164: NUMBER,
      connectivity: "connected",
      error: null,
      currentNetwork: VODAFONE,
      originalNetwork: VODAFONE,
      roaming: { roaming: false, network: null, country: null },
      ported: false,
      source: "live",
      provider: "vonage",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: { amount: "0.03", currency: "EUR", balance: "10.00000000" },
      signals: { lineType: "mobile", simSwap: null, callForwarding: null },
    });
  });

  it("reachable: absent and undeliverable → absent; bad_number → invalid; unknown and blacklisted → undetermined", async () => {
    const cases = [
      [vonageInsight.absent, "absent"],
      [vonageInsight.undeliverable, "absent"],
      [vonageInsight.badNumber, "invalid_msisdn"],
      [vonageInsight.blacklisted, "undetermined"],
      [vonageInsight.landline, "undetermined"],
    ] as const;
    for (const [fixture, connectivity] of cases) {
      fake.play(fixture);
      expect((await vonage().lookup("hlr", NUMBER)).connectivity).toBe(connectivity);
    }
  });

  it("an unknown subscriber has no current network nor roaming", async () => {
    fake.play(vonageInsight.badNumber);
    expect(await vonage().lookup("hlr", NUMBER)).toMatchObject({
      connectivity: "invalid_msisdn",
      currentNetwork: null,
      originalNetwork: VODAFONE,
      roaming: { roaming: null, network: null, country: null },
      ported: null,
    });
  });

  it("ported and assumed ported: the current carrier is the new one", async () => {
    for (const fixture of [vonageInsight.ported, vonageInsight.assumedPorted]) {
      fake.play(fixture);
      expect(await vonage().lookup("hlr", NUMBER)).toMatchObject({
        ported: true,
        currentNetwork: O2,
        originalNetwork: VODAFONE,
      });
    }
  });

  it("roaming names the visited network and country", async () => {
    fake.play(vonageInsight.roaming);
    expect((await vonage().lookup("hlr", NUMBER)).roaming).toEqual({
      roaming: true,
      network: { name: "SFR", mcc: "208", mnc: "10", country: "FR" },
      country: "FR",
    });
  });

  it("status 43 (live look-up not handled) cannot tell, and is charged net of the refund", async () => {
    fake.play(vonageInsight.notHandled);
    expect(await vonage().lookup("hlr", NUMBER)).toMatchObject({
      connectivity: "undetermined",
      ported: null,
      roaming: { roaming: null, network: null, country: null },
      currentNetwork: VODAFONE,
      cost: { amount: "0.005", currency: "EUR", balance: "10.00000000" },
    });
  });

  it("a landline's line type comes from the network type", async () => {
    fake.play(vonageInsight.landline);
    expect((await vonage().lookup("hlr", NUMBER)).signals?.lineType).toBe("fixed_line");
  });
});

describe("vonage's published examples (Number Insight OpenAPI 1.1.2), served as published", () => {
  const ACME = { name: "Acme Inc", mcc: "123", mnc: "45", country: "GB" };
  const COST = { amount: "0.025", currency: "EUR", balance: "1.23456789" };
  const UNKNOWN_ROAMING = { roaming: null, network: null, country: null };
  const hlr = async (reply: ReturnType<typeof vonagePublished.advanced>) => {
    fake.play(() => reply);
    return vonage().lookup("hlr", NUMBER);
  };
  // Every null the contract allows: reachable, ported, roaming, the carriers and their fields.
  const nulls = {
    reachable: null,
    ported: null,
    roaming: null,
    current_carrier: { network_code: null, name: null, country: null, network_type: null },
    original_carrier: null,
  };

  it('each follows the contract schema as it is, with the nulls and the "null" values it allows', () => {
    for (const path of [ADVANCED, STANDARD]) {
      const call = fakeCall(path, { number: "447700900000" });
      for (const reply of [
        vonagePublished.advanced(),
        vonagePublished.advancedRoamingUnknown(),
        vonagePublished.standard(),
        vonagePublished.advanced(nulls),
        vonagePublished.advanced({ reachable: "null", ported: "null" }),
        vonagePublished.standard({ ported: null, current_carrier: null }),
      ])
        expect(fake.validate(call, reply)).toEqual([]);
    }
  });

  it("niResponseJsonAdvanced: reachable and roaming in the US, charged net of the refund", async () => {
    const answer = await hlr(vonagePublished.advanced());
    expect([answer.connectivity, answer.ported, answer.signals?.lineType]).toEqual([
      "connected",
      false,
      "mobile",
    ]);
    expect([answer.currentNetwork, answer.originalNetwork, answer.cost]).toEqual([ACME, ACME, COST]);
    expect(answer.roaming).toEqual({
      roaming: true,
      network: { name: "Acme Inc", mcc: "123", mnc: "45", country: "US" },
      country: "US",
    });
  });

  it("niResponseJsonAdvancedRoamingUnknown: roaming not known", async () => {
    expect(await hlr(vonagePublished.advancedRoamingUnknown())).toMatchObject({
      connectivity: "connected",
      roaming: UNKNOWN_ROAMING,
    });
  });

  it("with the nulls the contract allows (reachable, ported, network_code…) it cannot tell, and claims nothing", async () => {
    expect(await hlr(vonagePublished.advanced(nulls))).toMatchObject({
      connectivity: "undetermined",
      currentNetwork: null,
      originalNetwork: null,
      roaming: UNKNOWN_ROAMING,
      ported: null,
      signals: { lineType: null },
      cost: COST,
    });
    expect(await hlr(vonagePublished.advanced({ reachable: "null", ported: "null" }))).toMatchObject({
      connectivity: "undetermined",
      ported: null,
    });
  });

  it('valid_number "inferred_not_valid" (a best guess) cannot tell: not an invalid number, its network kept', async () => {
    expect(await hlr(vonagePublished.advanced({ valid_number: "inferred_not_valid" }))).toMatchObject({
      connectivity: "undetermined",
      currentNetwork: ACME,
      cost: COST,
    });
    // "not_valid", or reachable "bad_number", is Vonage's own word: an invalid number.
    expect((await hlr(vonagePublished.advanced({ valid_number: "not_valid" }))).connectivity).toBe(
      "invalid_msisdn",
    );
  });

  it("lookup_outcome 2 (failed) cannot tell, whatever reachable and roaming say; 1 (partial) is read", async () => {
    const failed = vonagePublished.advanced({ lookup_outcome: 2, lookup_outcome_message: "Failed" });
    expect(await hlr(failed)).toMatchObject({
      connectivity: "undetermined",
      roaming: UNKNOWN_ROAMING,
      currentNetwork: ACME,
      ported: false,
      cost: COST,
    });
    const partial = vonagePublished.advanced({ lookup_outcome: 1 });
    expect((await hlr(partial)).connectivity).toBe("connected");
  });

  it("niResponseJsonStandard (MNP): not ported, on its carrier; a null porting status cannot tell", async () => {
    fake.play(() => vonagePublished.standard());
    expect(await vonage().lookup("mnp", NUMBER)).toMatchObject({
      ported: "not_ported",
      currentNetwork: ACME,
      cost: COST,
    });
    fake.play(() => vonagePublished.standard({ ported: null, current_carrier: null }));
    expect(await vonage().lookup("mnp", NUMBER)).toMatchObject({ ported: "unknown", currentNetwork: null });
  });
});

describe("vonage adapter: MNP (Standard) mapping", () => {
  it("asks Standard and gives Vonage's porting status as is", async () => {
    const cases = [
      [vonageInsight.connected, "not_ported", VODAFONE],
      [vonageInsight.ported, "ported", O2],
      [vonageInsight.assumedPorted, "assumed_ported", O2],
      [vonageInsight.badNumber, "unknown", VODAFONE],
    ] as const;
    for (const [fixture, ported, current] of cases) {
      fake.reset(fixture);
      const mnp = await vonage().lookup("mnp", NUMBER);
      expect(fake.calls[0]?.path).toBe(STANDARD);
      expect(mnp).toEqual({
        e164: NUMBER,
        ported,
        currentNetwork: current,
        originalNetwork: VODAFONE,
        source: "live",
        provider: "vonage",
        obtainedAt: "2030-05-06T07:08:09.000Z",
        cost: { amount: "0.03", currency: "EUR", balance: "10.00000000" },
      });
    }
  });
});

describe("vonage adapter: caller name (Standard with cnam=true)", () => {
  it("asks Standard with cnam=true, and only for the caller name", async () => {
    fake.reset(vonageInsight.callerName);
    const answer = await vonage().lookup("caller_name", "+12025550100");
    expect(fake.calls.map((c) => [c.path, c.query.get("cnam")])).toEqual([[STANDARD, "true"]]);
    expect(answer).toMatchObject({ name: "John Smith", type: "consumer", provider: "vonage" });
    await vonage().lookup("line_type", NUMBER);
    expect(fake.calls[1]?.query.has("cnam")).toBe(false);
    fake.assertClean();
  });
});

describe("vonage adapter: line type (Standard)", () => {
  it("asks Standard and reads the current carrier's network type", async () => {
    fake.reset(vonageInsight.landline);
    const answer = await vonage().lookup("line_type", NUMBER);
    expect(fake.calls[0]?.path).toBe(STANDARD);
    expect(answer).toMatchObject({
      e164: NUMBER,
      lineType: "fixed_line",
      source: "live",
      provider: "vonage",
      obtainedAt: "2030-05-06T07:08:09.000Z",
    });
  });

  it("niResponseJsonStandard, as published: a mobile on its carrier, charged net of the refund", async () => {
    fake.play(() => vonagePublished.standard());
    expect(await vonage().lookup("line_type", NUMBER)).toMatchObject({
      lineType: "mobile",
      carrier: { name: "Acme Inc", mcc: "123", mnc: "45", country: "GB" },
      cost: { amount: "0.025", currency: "EUR" },
    });
  });

  it('a network type null, "null" or "unknown" cannot tell', async () => {
    for (const network_type of [null, "null", "unknown"]) {
      const carrier = { network_code: "12345", name: "Acme Inc", country: "GB", network_type };
      fake.play(() => vonagePublished.standard({ current_carrier: carrier }));
      expect((await vonage().lookup("line_type", NUMBER)).lineType).toBe("unknown");
    }
    fake.play(() => vonagePublished.standard({ current_carrier: null }));
    expect(await vonage().lookup("line_type", NUMBER)).toMatchObject({ lineType: "unknown", carrier: null });
  });
});

describe("vonage adapter: statuses and errors", () => {
  it("status 9 (partner quota exceeded) is out of credit: one call, breaker closed", async () => {
    fake.play(() => vonageStatuses.quota);
    const provider = resilient(vonage(), fast);
    const error = await provider.lookup("hlr", NUMBER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({ kind: "out_of_credit", retryable: false, providerCode: "9" });
    expect(fake.calls).toHaveLength(1);
    expect(provider.breaker.state).toBe("closed");
  });

  it("status 4 (wrong secret) and 3 (invalid request) are rejected, not retried", async () => {
    await expect(resilient(vonage("wrong"), fast).lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "rejected",
      providerCode: "4",
    });
    fake.play(() => vonageStatuses.invalid);
    await expect(resilient(vonage(), fast).lookup("mnp", NUMBER)).rejects.toMatchObject({
      kind: "rejected",
      providerCode: "3",
    });
    expect(fake.calls).toHaveLength(1);
  });

  it("status 1 (throttled) is retried; a lasting 5 (internal error) ends as a retryable upstream error", async () => {
    fake.play((call) => (call.hit === 1 ? vonageStatuses.throttled : vonageInsight.connected(call)));
    expect((await resilient(vonage(), fast).lookup("hlr", NUMBER)).connectivity).toBe("connected");
    expect(fake.calls).toHaveLength(2);
    fake.reset(() => vonageStatuses.internal);
    await expect(resilient(vonage(), fast).lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      retryable: true,
    });
    expect(fake.calls).toHaveLength(3);
  });

  it("HTTP 401, 402 and 503 are classified like every provider's", async () => {
    const cases = [
      [401, "rejected"],
      [402, "out_of_credit"],
      [503, "upstream"],
    ] as const;
    for (const [status, kind] of cases) {
      fake.play(() => ({ contract: VONAGE_CONTRACT, status }));
      await expect(vonage().lookup("hlr", NUMBER)).rejects.toMatchObject({ kind, status });
    }
  });

  it("a malformed answer (no status, or not JSON) is an upstream error", async () => {
    fake.play(() => ({ contract: VONAGE_CONTRACT, malformed: '{"status_message":"Success","ported":true}' }));
    await expect(vonage().lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      message: /does not follow the contract \(status: invalid_type; ported: invalid_type\)/,
    });
    fake.play(() => ({ contract: VONAGE_CONTRACT, malformed: "Service Unavailable" }));
    await expect(vonage().lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      message: /unreadable/,
    });
  });

  it("a slow answer times out through the resilient wrapper", async () => {
    fake.play((call) => ({ ...vonageInsight.connected(call), delayMs: 300 }));
    const provider = resilient(vonage(), { timeoutMs: 30, retry: { retries: 0 } });
    await expect(provider.lookup("hlr", NUMBER)).rejects.toMatchObject({ kind: "timeout", retryable: true });
  });

  it("answers HLR, MNP, line type and caller name, and needs both credentials", () => {
    expect(vonage().answers).toEqual(["hlr", "mnp", "line_type", "caller_name"]);
    expect(() => new VonageProvider({ apiKey: VONAGE_TEST_KEY, apiSecret: "" })).toThrow(/secret/);
  });
});
