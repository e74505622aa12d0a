import { describe, expect, it } from "vitest";
import { type LookupError, UnreadableAnswerError } from "../types";
import { UpstreamHttpError } from "./http-error";
import { resilient } from "./resilient";
import { type FakeUpstream, fakeCall } from "./testing/fake-upstream";
import {
  gnp,
  gnv,
  TYNTEC_TEST_KEY,
  tyntecFake,
  tyntecProblems,
  tyntecPublished,
} from "./testing/tyntec-fake";
import { useFake } from "./testing/use-fake";
import { TyntecProvider } from "./tyntec";
import { TYNTEC_CONTRACT } from "./tyntec-contract";

/**
 * The tyntec adapter against a fake tyntec whose every answer is checked against the published
 * Number Information contract (testing/fake-upstream.ts), one test per outcome the contract allows.
 */
const fake: FakeUpstream = tyntecFake();
const upstream = useFake(fake);

const NUMBER = "+4915112345678";
const now = () => new Date("2030-05-06T07:08:09Z");
const tyntec = (apiKey = TYNTEC_TEST_KEY) => new TyntecProvider({ apiKey, baseUrl: upstream.baseUrl, now });
const fast = { retry: { baseDelayMs: 1, maxDelayMs: 5 } };
const TELEKOM = { name: "Telekom Deutschland", mcc: "262", mnc: "01", country: "DE" };
const VODAFONE = { name: "Vodafone", mcc: "262", mnc: "02", country: "DE" };
const msisdnOf = (call: { query: URLSearchParams }) => call.query.get("msisdn") ?? "";

describe("tyntec fixtures", () => {
  it("every fixture follows the contract it names", () => {
    const gnvCall = fakeCall("/nis/v1/gnv");
    const gnpCall = fakeCall("/nis/v1/gnp");
    for (const fixture of Object.values(gnv)) expect(fake.validate(gnvCall, fixture(NUMBER))).toEqual([]);
    for (const fixture of Object.values(gnp)) expect(fake.validate(gnpCall, fixture(NUMBER))).toEqual([]);
    for (const fixture of Object.values(tyntecProblems)) expect(fake.validate(gnvCall, fixture)).toEqual([]);
    for (const fixture of [gnv.connected(NUMBER), tyntecProblems.badRequest]) {
      expect(fixture.contract).toBe(TYNTEC_CONTRACT);
    }
  });

  it("the fake refuses a fixture off the contract", () => {
    const call = fakeCall("/nis/v1/gnv");
    const connected = gnv.connected(NUMBER);
    const off = { ...connected, body: { ...(connected.body as object), presence: true, nrhCountry: "DE" } };
    expect(fake.validate(call, off)).toEqual([
      'HTTP 200 presence: Invalid option: expected one of "true"|"false"|"unknown"',
      "HTTP 200 nrhCountry: Invalid string: must match pattern /^[A-Z]{3}$/",
    ]);
    expect(fake.validate(call, { ...connected, contract: "tyntec v0" })[0]).toMatch(
      /names contract "tyntec v0"/,
    );
  });
});

describe("tyntec's published examples, served as published", () => {
  const gnvCall = fakeCall("/nis/v1/gnv");

  it("each follows the contract schema as it is: ids as numbers or strings, either time zone spelling", () => {
    for (const fixture of [
      tyntecPublished.gnvOpenApi,
      tyntecPublished.hlrLookupOpenApi,
      tyntecPublished.gnvDocsPage,
    ])
      expect(fake.validate(gnvCall, fixture())).toEqual([]);
    expect(fake.validate(fakeCall("/nis/v1/gnp"), tyntecPublished.gnpOpenApi())).toEqual([]);
    expect(tyntecPublished.gnvDocsPage().body).toMatchObject({
      nrhTtId: 15,
      errorCode: 0,
      synchronous: "true",
    });
  });

  it("the GNV examples (OpenAPI 1.0, the HLR Lookup contract, the documentation page): one paid call, a connected Vodafone handset", async () => {
    for (const fixture of [
      tyntecPublished.gnvOpenApi,
      tyntecPublished.hlrLookupOpenApi,
      tyntecPublished.gnvDocsPage,
    ]) {
      fake.reset(fixture);
      const hlr = await resilient(tyntec(), fast).lookup("hlr", NUMBER);
      expect([hlr.connectivity, hlr.error, hlr.ported, hlr.roaming.roaming]).toEqual([
        "connected",
        null,
        false,
        false,
      ]);
      expect([hlr.currentNetwork, hlr.originalNetwork, hlr.cost]).toEqual([
        VODAFONE,
        VODAFONE,
        { amount: "0.001", currency: "EUR" },
      ]);
      expect(fake.calls).toHaveLength(1);
      fake.assertClean();
    }
  });

  it("the GNP example: not ported, on Vodafone, priced as the string it shows", async () => {
    fake.play(tyntecPublished.gnpOpenApi);
    const mnp = await tyntec().lookup("mnp", NUMBER);
    const cost = { amount: "0.001", currency: "EUR" };
    expect([mnp.ported, mnp.currentNetwork, mnp.originalNetwork, mnp.cost]).toEqual([
      "not_ported",
      VODAFONE,
      VODAFONE,
      cost,
    ]);
  });
});

describe("tyntec adapter: GNV (HLR) mapping", () => {
  it("a switched-on handset is connected, with networks, countries in ISO-2 and the price", async () => {
    const hlr = await tyntec().lookup("hlr", NUMBER);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ method: "GET", path: "/nis/v1/gnv" });
    expect(msisdnOf(fake.calls[0]!)).toBe(NUMBER);
    expect(fake.calls[0]!.headers.apikey).toBe(TYNTEC_TEST_KEY);
    expect(hlr).toEqual({
      e164: NUMBER,
      connectivity: "connected",
      error: null,
      currentNetwork: TELEKOM,
      originalNetwork: TELEKOM,
      roaming: { roaming: false, network: null, country: null },
      ported: false,
      source: "live",
      provider: "tyntec",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: { amount: "0.0045", currency: "EUR" },
    });
  });

  it("a switched-off handset is absent, with its MAP error", async () => {
    fake.play((call) => gnv.absent(msisdnOf(call)));
    const hlr = await tyntec().lookup("hlr", NUMBER);
    expect(hlr.connectivity).toBe("absent");
    expect(hlr.error).toEqual({ code: 27, name: "absentSubscriber", permanent: false });
    expect(hlr.currentNetwork).toEqual(TELEKOM);
    expect(hlr.roaming.roaming).toBeNull();
  });

  it("an unknown subscriber is an invalid number, with no current network nor roaming", async () => {
    fake.play((call) => gnv.unknownSubscriber(msisdnOf(call)));
    const hlr = await tyntec().lookup("hlr", NUMBER);
    expect(hlr).toMatchObject({
      connectivity: "invalid_msisdn",
      error: { code: 1, name: "unknownSubscriber", permanent: true },
      currentNetwork: null,
      originalNetwork: TELEKOM,
      roaming: { roaming: null, network: null, country: null },
      ported: null,
    });
  });

  it("a ported number's current network is its subscription (IMSI) network", async () => {
    fake.play((call) => gnv.ported(msisdnOf(call)));
    const hlr = await tyntec().lookup("hlr", NUMBER);
    expect(hlr).toMatchObject({
      connectivity: "connected",
      ported: true,
      currentNetwork: VODAFONE,
      originalNetwork: TELEKOM,
    });
  });

  it("a roaming handset names its serving (MSC) network and country", async () => {
    fake.play((call) => gnv.roaming(msisdnOf(call)));
    const hlr = await tyntec().lookup("hlr", NUMBER);
    expect(hlr.currentNetwork).toEqual(TELEKOM);
    expect(hlr.roaming).toEqual({
      roaming: true,
      network: { name: "SFR", mcc: "208", mnc: "10", country: "FR" },
      country: "FR",
    });
  });

  it("flags all unknown is undetermined: cannot tell, so a router asks the next provider", async () => {
    fake.play((call) => gnv.unknown(msisdnOf(call)));
    const hlr = await tyntec().lookup("hlr", NUMBER);
    expect(hlr).toMatchObject({
      connectivity: "undetermined",
      error: { code: 34, name: "systemFailure", permanent: false },
      ported: null,
      currentNetwork: null,
      roaming: { roaming: null, network: null, country: null },
      cost: null,
    });
  });
});

describe("tyntec adapter: GNP (MNP) mapping", () => {
  it("a ported number names its operator now, in ISO-2, with the price the contract shows as a string", async () => {
    fake.play((call) => gnp.ported(msisdnOf(call)));
    const mnp = await tyntec().lookup("mnp", NUMBER);
    expect(fake.calls[0]?.path).toBe("/nis/v1/gnp");
    expect(mnp).toEqual({
      e164: NUMBER,
      ported: "ported",
      currentNetwork: { name: "Telefonica O2", mcc: "262", mnc: "07", country: "DE" },
      originalNetwork: null,
      source: "live",
      provider: "tyntec",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: { amount: "0.001", currency: "EUR" },
    });
  });

  it("a number not ported has the same network then and now", async () => {
    const mnp = await tyntec().lookup("mnp", "+447400123456");
    const vodafone = { name: "Vodafone", mcc: "234", mnc: "15", country: "GB" };
    expect(mnp).toMatchObject({ ported: "not_ported", currentNetwork: vodafone, originalNetwork: vodafone });
  });

  it("unknown, or an unsuccessful attempt, is ported unknown (cannot tell)", async () => {
    fake.play((call) => gnp.unknown(msisdnOf(call)));
    expect(await tyntec().lookup("mnp", NUMBER)).toMatchObject({ ported: "unknown", currentNetwork: null });
    fake.play((call) => gnp.failed(msisdnOf(call)));
    expect(await tyntec().lookup("mnp", NUMBER)).toMatchObject({
      ported: "unknown",
      currentNetwork: null,
      cost: null,
    });
  });
});

describe("tyntec adapter: errors", () => {
  it("402 is out of credit: not retried, not a breaker failure, so the router moves on", async () => {
    fake.play(() => tyntecProblems.paymentRequired);
    const provider = resilient(tyntec(), fast);
    const error = await provider.lookup("hlr", NUMBER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({ kind: "out_of_credit", retryable: false, status: 402 });
    expect((error as UpstreamHttpError).providerCode).toBe(
      "https://docs.tyntec.com/problems/PaymentRequired",
    );
    expect(fake.calls).toHaveLength(1);
    expect(provider.breaker.state).toBe("closed");
  });

  it("a wrong key (401) is rejected and never retried", async () => {
    const provider = resilient(tyntec("wrong-key"), fast);
    await expect(provider.lookup("mnp", NUMBER)).rejects.toMatchObject({
      kind: "rejected",
      retryable: false,
      status: 401,
    });
    expect(fake.calls).toHaveLength(0); // refused before it counts
    expect(provider.breaker.state).toBe("closed");
  });

  it("a 400 is rejected at once (one call)", async () => {
    fake.play(() => tyntecProblems.badRequest);
    await expect(resilient(tyntec(), fast).lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "rejected",
      status: 400,
    });
    expect(fake.calls).toHaveLength(1);
  });

  it("a 500 is retried, then the answer is used", async () => {
    fake.play((call) => (call.hit < 3 ? tyntecProblems.internalError : gnv.connected(msisdnOf(call))));
    expect((await resilient(tyntec(), fast).lookup("hlr", NUMBER)).connectivity).toBe("connected");
    expect(fake.calls).toHaveLength(3);
  });

  it("a 5xx that lasts ends as a retryable upstream error", async () => {
    fake.play(() => ({ contract: TYNTEC_CONTRACT, status: 503 }));
    await expect(resilient(tyntec(), fast).lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      status: 503,
    });
    expect(fake.calls).toHaveLength(3);
  });

  it("a 429 is retried after the server's Retry-After", async () => {
    fake.play((call) =>
      call.hit === 1
        ? { contract: TYNTEC_CONTRACT, status: 429, headers: { "retry-after": "0" } }
        : gnp.notPorted(msisdnOf(call)),
    );
    expect((await resilient(tyntec(), fast).lookup("mnp", NUMBER)).ported).toBe("not_ported");
    expect(fake.calls).toHaveLength(2);
  });

  it("a 200 body that is not JSON, or a field it reads off the contract, is unreadable: asked once, a breaker failure", async () => {
    fake.play(() => ({ contract: TYNTEC_CONTRACT, malformed: "<html>gateway</html>" }));
    const provider = resilient(tyntec(), fast);
    await expect(provider.lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      retryable: false,
      fields: ["(body)"],
      message: /unreadable/,
    });
    // Each try is a paid look-up: the answer that was paid for is not asked for again.
    expect(fake.calls).toHaveLength(1);
    expect(provider.breaker.consecutiveFailures).toBe(1);
    fake.play(() => ({ contract: TYNTEC_CONTRACT, malformed: '{"presence":true,"imsiMCC":262}' }));
    const error = await provider.lookup("hlr", NUMBER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error).toMatchObject({ retryable: false, fields: ["presence", "imsiMCC"] });
    expect((error as LookupError).message).toMatch(
      /does not follow the contract \(presence: invalid_type; imsiMCC: invalid_type\)/,
    );
    expect((error as LookupError).message).not.toContain(NUMBER.slice(1));
    expect(fake.calls).toHaveLength(2);
    expect(provider.breaker.consecutiveFailures).toBe(2);
  });

  it("an asynchronous answer (no data) is not mistaken for one that cannot tell, nor asked again", async () => {
    fake.play(() => ({ contract: TYNTEC_CONTRACT, body: { requestId: "12-1", synchronous: false } }));
    await expect(resilient(tyntec(), fast).lookup("hlr", NUMBER)).rejects.toMatchObject({
      kind: "upstream",
      retryable: false,
      fields: ["synchronous"],
      message: /asynchronous/,
    });
    expect(fake.calls).toHaveLength(1);
    fake.play(() => ({ contract: TYNTEC_CONTRACT, body: { requestId: "12-1", synchronous: "false" } }));
    await expect(tyntec().lookup("hlr", NUMBER)).rejects.toMatchObject({ message: /asynchronous/ });
  });

  it("a slow answer times out through the resilient wrapper, and is retried", async () => {
    fake.play((call) => ({ ...gnv.connected(msisdnOf(call)), delayMs: 300 }));
    const started = Date.now();
    const provider = resilient(tyntec(), { timeoutMs: 30, retry: { retries: 1, baseDelayMs: 1 } });
    await expect(provider.lookup("hlr", NUMBER)).rejects.toMatchObject({ kind: "timeout", retryable: true });
    expect(fake.calls).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(250);
  });

  it("a network failure is retryable", async () => {
    const closed = new TyntecProvider({ apiKey: TYNTEC_TEST_KEY, baseUrl: "http://127.0.0.1:1" });
    await expect(closed.lookup("hlr", NUMBER)).rejects.toMatchObject({ kind: "upstream", retryable: true });
  });

  it("a number that is not E.164 is refused before any call", async () => {
    await expect(tyntec().lookup("hlr", "015112345678")).rejects.toMatchObject({ kind: "rejected" });
    expect(fake.calls).toHaveLength(0);
  });
});

describe("tyntec adapter: behind the resilient wrapper", () => {
  it("the breaker opens after N failures, refuses fast, and closes again on success", async () => {
    let clock = 0;
    let down = true;
    fake.play((call) => (down ? tyntecProblems.internalError : gnv.connected(msisdnOf(call))));
    const provider = resilient(tyntec(), {
      retry: { retries: 0 },
      breaker: { failureThreshold: 3, cooldownMs: 10_000, now: () => clock },
    });
    for (let i = 0; i < 3; i++)
      await expect(provider.lookup("hlr", NUMBER)).rejects.toMatchObject({ status: 500 });
    expect(provider.breaker.state).toBe("open");
    await expect(provider.lookup("mnp", NUMBER)).rejects.toMatchObject({ kind: "circuit_open" });
    expect(fake.calls).toHaveLength(3);
    clock += 10_000;
    down = false;
    expect((await provider.lookup("hlr", NUMBER)).connectivity).toBe("connected");
    expect(provider.breaker.state).toBe("closed");
  });

  it("the semaphore bounds requests in flight at tyntec", async () => {
    fake.play((call) => ({ ...gnv.connected(msisdnOf(call)), delayMs: 10 }));
    const provider = resilient(tyntec(), { concurrency: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        provider.lookup("hlr", `+49151123456${String(i).padStart(2, "0")}`),
      ),
    );
    expect(answers.every((a) => a.connectivity === "connected")).toBe(true);
    expect(fake.peakInFlight).toBe(3);
  });
});
