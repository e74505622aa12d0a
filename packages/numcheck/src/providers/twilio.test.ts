import { describe, expect, it } from "vitest";
import { UpstreamHttpError } from "./http-error";
import { resilient } from "./resilient";
import { type FakeUpstream, fakeCall } from "./testing/fake-upstream";
import {
  fieldsOf,
  TWILIO_TEST_SID,
  TWILIO_TEST_TOKEN,
  twilioErrors,
  twilioFake,
  twilioLookup,
  twilioPublished,
} from "./testing/twilio-fake";
import { useFake } from "./testing/use-fake";
import { hoursOf, type TwilioExtra, TwilioProvider } from "./twilio";
import { TWILIO_CONTRACT } from "./twilio-contract";

/**
 * The Twilio Lookup v2 adapter against a fake Twilio whose every answer is checked against the
 * published contract (testing/fake-upstream.ts), one test per outcome the contract can express.
 */
const fake: FakeUpstream = twilioFake();
const upstream = useFake(fake);

const NUMBER = "+447772000001";
const now = () => new Date("2030-05-06T07:08:09Z");
/** A look-up whose service needs both of Twilio's extras (the enhanced fraud shield). */
const EXTRAS = { signals: ["sim_swap", "call_forwarding"] } as const;
const twilio = (extras: TwilioExtra[] = [], authToken = TWILIO_TEST_TOKEN) =>
  new TwilioProvider({ accountSid: TWILIO_TEST_SID, authToken, extras, baseUrl: upstream.baseUrl, now });
const fast = { retry: { baseDelayMs: 1, maxDelayMs: 5 } };
const VODAFONE = { name: "Vodafone UK", mcc: "234", mnc: "15", country: "GB" };

describe("twilio fixtures", () => {
  it("every fixture follows the contract it names, whatever packages were asked", () => {
    const call = (fields: string) => fakeCall(`/v2/PhoneNumbers/${NUMBER}`, { Fields: fields });
    for (const fields of [
      "line_status,line_type_intelligence,sim_swap,call_forwarding",
      "line_type_intelligence",
    ]) {
      for (const fixture of Object.values(twilioLookup)) {
        const reply = fixture(call(fields));
        expect(reply.contract).toBe(TWILIO_CONTRACT);
        expect(fake.validate(call(fields), reply)).toEqual([]);
      }
    }
    for (const reply of Object.values(twilioErrors)) expect(fake.validate(call(""), reply)).toEqual([]);
  });

  it("the fake refuses a field the contract does not have", () => {
    const call = fakeCall(`/v2/PhoneNumbers/${NUMBER}`, { Fields: "call_forwarding" });
    const reply = twilioLookup.reachable(call);
    // An earlier revision named the flag call_forwarding_status; the current contract does not.
    const old = { call_forwarding_status: true, error_code: null };
    expect(
      fake.validate(call, { ...reply, body: { ...(reply.body as object), call_forwarding: old } }),
    ).toEqual(['HTTP 200 call_forwarding: Unrecognized key: "call_forwarding_status"']);
  });
});

describe("twilio adapter: HLR mapping", () => {
  it("asks line status and line type with Basic auth, and maps a reachable mobile", async () => {
    const hlr = await twilio().lookup("hlr", NUMBER);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.path).toBe(`/v2/PhoneNumbers/${NUMBER}`);
    expect(fieldsOf(fake.calls[0]!)).toEqual(["line_status", "line_type_intelligence"]);
    expect(hlr).toEqual({
      e164: NUMBER,
      connectivity: "connected",
      error: null,
      currentNetwork: VODAFONE,
      originalNetwork: null,
      roaming: { roaming: null, network: null, country: null },
      ported: null,
      source: "live",
      provider: "twilio",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: null,
      signals: { lineType: "mobile", simSwap: null, callForwarding: null, smsPumpingRisk: null },
    });
  });

  it("line status: active → undetermined (in service, reachability not said), unreachable → absent, inactive → invalid, unknown → undetermined", async () => {
    const cases = [
      [twilioLookup.active, "undetermined"],
      [twilioLookup.unreachable, "absent"],
      [twilioLookup.inactive, "invalid_msisdn"],
      [twilioLookup.unknown, "undetermined"],
      [twilioLookup.packageErrors, "undetermined"],
    ] as const;
    for (const [fixture, connectivity] of cases) {
      fake.play(fixture);
      const hlr = await twilio().lookup("hlr", NUMBER);
      expect(hlr.connectivity).toBe(connectivity);
      expect(hlr.currentNetwork).toEqual(
        connectivity === "invalid_msisdn" || fixture === twilioLookup.packageErrors ? null : VODAFONE,
      );
    }
  });

  it("an invalid number is invalid_msisdn, with no network and no signals", async () => {
    fake.play(twilioLookup.invalid);
    expect(await twilio().lookup("hlr", "+4477720000019")).toMatchObject({
      connectivity: "invalid_msisdn",
      currentNetwork: null,
      signals: { lineType: null, simSwap: null, callForwarding: null, smsPumpingRisk: null },
    });
  });

  it("the extras turned on are asked for when the look-up needs them: a recent SIM swap and forwarding", async () => {
    const provider = twilio(["sim_swap", "call_forwarding"]);
    expect(provider.answers).toEqual(["hlr", "line_type", "sim_swap", "call_forwarding"]);
    expect((await provider.lookup("hlr", NUMBER, EXTRAS)).signals).toEqual({
      lineType: "mobile",
      simSwap: { swapped: false, lastSwapAt: null, withinHours: 24 },
      callForwarding: false,
      smsPumpingRisk: null,
    });
    fake.play(twilioLookup.swappedAndForwarded);
    expect((await provider.lookup("hlr", NUMBER, EXTRAS)).signals).toEqual({
      lineType: "mobile",
      simSwap: { swapped: true, lastSwapAt: "2030-05-05T20:52:09.000Z", withinHours: 15282.56 },
      callForwarding: true,
      smsPumpingRisk: null,
    });
    expect(fieldsOf(fake.calls[1]!)).toEqual([
      "line_status",
      "line_type_intelligence",
      "sim_swap",
      "call_forwarding",
    ]);
  });

  it("an extra turned on is not asked (nor billed) for a look-up that does not need it", async () => {
    const provider = twilio(["sim_swap", "call_forwarding"]);
    expect((await provider.lookup("hlr", NUMBER)).signals).toMatchObject({
      simSwap: null,
      callForwarding: null,
    });
    await provider.lookup("hlr", NUMBER, { signals: ["sim_swap"] });
    // An extra asked but not turned on is not asked either.
    await twilio(["call_forwarding"]).lookup("hlr", NUMBER, EXTRAS);
    expect(fake.calls.map(fieldsOf)).toEqual([
      ["line_status", "line_type_intelligence"],
      ["line_status", "line_type_intelligence", "sim_swap"],
      ["line_status", "line_type_intelligence", "call_forwarding"],
    ]);
  });

  it("package errors leave their signals unknown", async () => {
    fake.play(twilioLookup.packageErrors);
    expect((await twilio(["sim_swap", "call_forwarding"]).lookup("hlr", NUMBER, EXTRAS)).signals).toEqual({
      lineType: null,
      simSwap: null,
      callForwarding: null,
      smsPumpingRisk: null,
    });
  });

  it("line types are ours (nonFixedVoip → voip), the MCC names the network's country", async () => {
    fake.play(twilioLookup.voip);
    const hlr = await twilio().lookup("hlr", "+14159929960");
    expect(hlr.signals?.lineType).toBe("voip");
    expect(hlr.currentNetwork).toEqual({
      name: "Twilio - SMS/MMS-SVR",
      mcc: "240",
      mnc: "38",
      country: "SE",
    });
  });

  it("reads ISO 8601 durations as hours", () => {
    expect(hoursOf("PT24H")).toBe(24);
    expect(hoursOf("P1DT12H")).toBe(36);
    expect(hoursOf("PT90M")).toBe(1.5);
    expect(hoursOf("P")).toBeNull();
    expect(hoursOf("24 hours")).toBeNull();
  });
});

describe("twilio's published examples, served as published", () => {
  const hlr = async (fixture: () => ReturnType<typeof twilioPublished.invalid>, number = NUMBER) => {
    fake.play(fixture);
    return twilio(["sim_swap", "call_forwarding"]).lookup("hlr", number, EXTRAS);
  };
  const known = { roaming: { roaming: null, network: null, country: null }, ported: null, cost: null };

  it("each follows the contract schema as it is", () => {
    const call = fakeCall(`/v2/PhoneNumbers/${NUMBER}`, { Fields: "line_status" });
    for (const fixture of Object.values(twilioPublished)) expect(fake.validate(call, fixture())).toEqual([]);
  });

  it("fetchLineStatusActive: in service but not said to be reachable, so it cannot tell; never connected", async () => {
    expect(await hlr(twilioPublished.lineStatusActive)).toEqual({
      e164: NUMBER,
      connectivity: "undetermined",
      error: null,
      currentNetwork: null,
      originalNetwork: null,
      source: "live",
      provider: "twilio",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      signals: { lineType: null, simSwap: null, callForwarding: null, smsPumpingRisk: null },
      ...known,
    });
  });

  it("fetchLineStatusInactive: no subscriber, an invalid number", async () => {
    expect(await hlr(twilioPublished.lineStatusInactive)).toMatchObject({
      connectivity: "invalid_msisdn",
      currentNetwork: null,
      ...known,
    });
  });

  it("fetchInvalid: not a valid number, nothing else claimed", async () => {
    expect(await hlr(twilioPublished.invalid, "+141599299600")).toMatchObject({
      connectivity: "invalid_msisdn",
      currentNetwork: null,
      signals: { lineType: null, simSwap: null, callForwarding: null, smsPumpingRisk: null },
      ...known,
    });
  });

  it("fetchLineTypeIntelligence: no line status, so it cannot tell; the carrier and the line type it gave", async () => {
    expect(await hlr(twilioPublished.lineTypeIntelligence, "+14159929960")).toMatchObject({
      connectivity: "undetermined",
      currentNetwork: { name: "Twilio - SMS/MMS-SVR", mcc: "240", mnc: "38", country: "SE" },
      signals: { lineType: "voip", simSwap: null, callForwarding: null },
      ...known,
    });
  });

  it("fetchSimSwapAndCallForwarding: the swap and the forwarding, and no reachability it did not give", async () => {
    expect(await hlr(twilioPublished.simSwapAndCallForwarding)).toMatchObject({
      connectivity: "undetermined",
      signals: {
        lineType: null,
        simSwap: { swapped: true, lastSwapAt: "2020-11-05T20:52:09.000Z", withinHours: 24 },
        callForwarding: true,
      },
      ...known,
    });
  });
});

describe("twilio adapter: MNP", () => {
  it("gives the current network from line type, and cannot tell porting (not among its answers)", async () => {
    const provider = twilio();
    expect(provider.answers).not.toContain("mnp");
    const mnp = await provider.lookup("mnp", NUMBER);
    expect(fieldsOf(fake.calls[0]!)).toEqual(["line_type_intelligence"]);
    expect(mnp).toEqual({
      e164: NUMBER,
      ported: "unknown",
      currentNetwork: VODAFONE,
      originalNetwork: null,
      source: "live",
      provider: "twilio",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: null,
    });
  });
});

describe("twilio adapter: line type", () => {
  it("asks Line Type Intelligence alone and tells fixed from non-fixed VoIP", async () => {
    fake.play((call) => twilioLookup.reachable(call));
    expect(await twilio().lookup("line_type", NUMBER)).toEqual({
      e164: NUMBER,
      lineType: "mobile",
      carrier: VODAFONE,
      source: "live",
      provider: "twilio",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: null,
    });
    expect(fieldsOf(fake.calls[0]!)).toEqual(["line_type_intelligence"]);
    for (const [type, ours] of [
      ["fixedVoip", "fixed_voip"],
      ["nonFixedVoip", "non_fixed_voip"],
      ["landline", "fixed_line"],
      ["tollFree", "toll_free"],
      ["premium", "premium_rate"],
      ["sharedCost", "shared_cost"],
      ["unknown", "unknown"],
    ] as const) {
      fake.play((call) => twilioLookup.lineType(call, type));
      expect((await twilio().lookup("line_type", NUMBER)).lineType).toBe(ours);
    }
  });

  it("a package error or an invalid number cannot tell, and names no type", async () => {
    fake.play(twilioLookup.packageErrors);
    expect(await twilio().lookup("line_type", NUMBER)).toMatchObject({ lineType: "unknown", carrier: null });
    fake.play(twilioLookup.invalid);
    expect(await twilio().lookup("line_type", NUMBER)).toMatchObject({ lineType: "unknown", carrier: null });
  });

  it("fetchLineTypeIntelligence, as published: non-fixed VoIP on the carrier it names", async () => {
    fake.play(twilioPublished.lineTypeIntelligence);
    expect(await twilio().lookup("line_type", "+14159929960")).toMatchObject({
      lineType: "non_fixed_voip",
      carrier: { name: "Twilio - SMS/MMS-SVR", mcc: "240", mnc: "38", country: "SE" },
    });
  });
});

describe("twilio adapter: SIM swap", () => {
  const swap = () => twilio(["sim_swap"]).lookup("sim_swap", NUMBER);

  it("is answered only with the paid package turned on, and then asks sim_swap alone", async () => {
    expect(twilio().answers).not.toContain("sim_swap");
    await expect(twilio().lookup("sim_swap", NUMBER)).rejects.toMatchObject({ kind: "rejected" });
    expect(fake.calls).toHaveLength(0);
    expect(twilio(["sim_swap"]).answers).toContain("sim_swap");
    expect(await swap()).toEqual({
      e164: NUMBER,
      swapped: false,
      lastSwapAt: null,
      withinHours: 24,
      carrier: VODAFONE,
      source: "live",
      provider: "twilio",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: null,
    });
    expect(fieldsOf(fake.calls[0]!)).toEqual(["sim_swap"]);
  });

  it("a package error or an invalid number cannot tell", async () => {
    fake.play(twilioLookup.packageErrors);
    expect(await swap()).toMatchObject({ swapped: null, lastSwapAt: null, withinHours: null, carrier: null });
    fake.play(twilioLookup.invalid);
    expect(await swap()).toMatchObject({ swapped: null, lastSwapAt: null, carrier: null });
  });

  it("the contract's examples, as published: swapped with a date, swapped without one, not swapped", async () => {
    // The example names MCC 276 (not one our table places), so the country is the number's.
    const vodafone = { name: "Vodafone UK", mcc: "276", mnc: "02", country: "GB" };
    fake.play(twilioPublished.simSwap);
    expect(await swap()).toMatchObject({
      swapped: true,
      lastSwapAt: "2020-04-27T10:18:50.000Z",
      withinHours: 48,
      carrier: vodafone,
    });
    fake.play(twilioPublished.simSwapWithoutDate);
    expect(await swap()).toMatchObject({ swapped: true, lastSwapAt: null, withinHours: 24 });
    fake.play(twilioPublished.simSwapFalseSwapped);
    expect(await swap()).toMatchObject({ swapped: false, lastSwapAt: null, withinHours: 24 });
  });
});

describe("twilio adapter: caller name", () => {
  it("is answered only with the package turned on, then asks caller_name alone, never with the HLR", async () => {
    expect(twilio().answers).not.toContain("caller_name");
    await expect(twilio().lookup("caller_name", NUMBER)).rejects.toMatchObject({ kind: "rejected" });
    const provider = twilio(["caller_name"]);
    expect(provider.answers).toContain("caller_name");
    fake.play(twilioPublished.callerName);
    expect(await provider.lookup("caller_name", "+14159929960")).toMatchObject({
      name: "Sergio Suarez",
      type: "consumer",
      provider: "twilio",
    });
    await provider.lookup("hlr", NUMBER, EXTRAS);
    expect(fake.calls.map(fieldsOf)).toEqual([["caller_name"], ["line_status", "line_type_intelligence"]]);
  });
});

describe("twilio adapter: SMS pumping risk", () => {
  const risk = (number = NUMBER) => twilio(["sms_pumping_risk"]).lookup("sms_pumping_risk", number);

  it("is answered only with the package turned on, and then asks it alone", async () => {
    expect(twilio().answers).not.toContain("sms_pumping_risk");
    await expect(twilio().lookup("sms_pumping_risk", NUMBER)).rejects.toMatchObject({ kind: "rejected" });
    fake.play(twilioLookup.pumpingBlocked);
    expect(await risk()).toEqual({
      e164: NUMBER,
      risk: {
        score: 95,
        carrierRisk: "high",
        blocked: true,
        blockedLast3Months: true,
        blockedAt: "2030-05-01T00:00:00.000Z",
      },
      source: "live",
      provider: "twilio",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: null,
    });
    expect(fieldsOf(fake.calls[0]!)).toEqual(["sms_pumping_risk"]);
  });

  it("fetchSmsPumpingRisk, as published: 61, a moderate carrier, not blocked, the rest not said", async () => {
    fake.play(twilioPublished.smsPumpingRisk);
    expect((await risk("+14159929960")).risk).toEqual({
      score: 61,
      carrierRisk: "moderate",
      blocked: false,
      blockedLast3Months: null,
      blockedAt: null,
    });
  });

  it("a package error, no package or an invalid number cannot tell", async () => {
    for (const fixture of [twilioLookup.packageErrors, twilioLookup.reachable, twilioLookup.invalid]) {
      fake.play(fixture);
      expect((await risk()).risk).toBeNull();
    }
  });

  it("rides with the HLR as a signal when the look-up's service needs it", async () => {
    fake.play(twilioLookup.pumpingBlocked);
    const hlr = await twilio(["sms_pumping_risk"]).lookup("hlr", NUMBER, { signals: ["sms_pumping_risk"] });
    expect(fieldsOf(fake.calls[0]!)).toEqual(["line_status", "line_type_intelligence", "sms_pumping_risk"]);
    expect(hlr.signals?.smsPumpingRisk).toMatchObject({ score: 95, blocked: true });
  });
});

describe("twilio adapter: errors", () => {
  it("a wrong token (401, code 20003) is rejected, not retried, and keeps Twilio's code", async () => {
    const provider = resilient(twilio([], "wrong"), fast);
    const error = await provider.lookup("hlr", NUMBER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({ kind: "rejected", retryable: false, status: 401, providerCode: "20003" });
    expect(provider.breaker.state).toBe("closed");
  });

  it("a 404 (20404) is rejected at once", async () => {
    fake.play(() => twilioErrors.notFound);
    await expect(resilient(twilio(), fast).lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "rejected",
      status: 404,
      providerCode: "20404",
    });
    expect(fake.calls).toHaveLength(1);
  });

  it("a 429 (20429) is retried after Retry-After; a lasting 5xx ends as upstream", async () => {
    fake.play((call) =>
      call.hit === 1
        ? { ...twilioErrors.tooManyRequests, headers: { "retry-after": "0" } }
        : twilioLookup.reachable(call),
    );
    expect((await resilient(twilio(), fast).lookup("hlr", NUMBER)).connectivity).toBe("connected");
    expect(fake.calls).toHaveLength(2);
    fake.reset(() => twilioErrors.internal);
    await expect(resilient(twilio(), fast).lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      retryable: true,
      status: 500,
    });
    expect(fake.calls).toHaveLength(3);
  });

  it("a 402 is out of credit, not retried", async () => {
    fake.play(() => twilioErrors.paymentRequired);
    await expect(resilient(twilio(), fast).lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "out_of_credit",
      retryable: false,
    });
    expect(fake.calls).toHaveLength(1);
  });

  it("a malformed answer is an upstream error", async () => {
    fake.play(() => ({ contract: TWILIO_CONTRACT, malformed: '{"valid":"yes","line_status":[]}' }));
    await expect(twilio().lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      message: /does not follow the contract \(valid: invalid_type; line_status: invalid_type\)/,
    });
    fake.play(() => ({ contract: TWILIO_CONTRACT, malformed: "" }));
    await expect(twilio().lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      message: /unreadable/,
    });
  });

  it("a slow answer times out through the resilient wrapper", async () => {
    fake.play((call) => ({ ...twilioLookup.reachable(call), delayMs: 300 }));
    const provider = resilient(twilio(), { timeoutMs: 30, retry: { retries: 0 } });
    await expect(provider.lookup("hlr", NUMBER)).rejects.toMatchObject({ kind: "timeout", retryable: true });
  });

  it("needs both credentials", () => {
    expect(() => new TwilioProvider({ accountSid: TWILIO_TEST_SID, authToken: "" })).toThrow(/auth token/);
  });
});
