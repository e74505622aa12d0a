import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { SingleCheckView } from "@nc/contracts/detection-single";
import { twilioLookup, twilioPublished } from "@nc/numcheck/providers/testing/twilio-fake";
import { vonageInsight } from "@nc/numcheck/providers/testing/vonage-fake";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobWorker } from "../src/features/job/worker";
import { DEFAULT_STANDARD_PRICES } from "../src/features/price/price-service";
import { expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { liveProviders } from "./helpers/live-providers";
import { answeredBy } from "./helpers/stored-answer";
import { inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * The look-ups sold as services of their own (docs/providers.md, "Look-up kinds"), as a customer
 * buys them: a single check from the dashboard and the API, a list and its results file; from the
 * sandbox, and from fake providers on this machine whose answers follow their contracts.
 */
const OPENING = 1_000_000_000n;
/** A UK mobile, a UK landline (London), and a number basic validation refuses. */
const MOBILE = "+447400123456";
const LANDLINE = "+442079460123";
const INVALID = "12";

async function customer(t: TestApp) {
  const funded = await fundedTenant(t, OPENING);
  const api = inTenant(t, funded.owner, funded.tenantId);
  const check = async (service: string, number: string) =>
    expectOk<SingleCheckView>(await api("POST", "/api/tenant/detection/check", { service, number }));
  return { ...funded, api, check };
}

const drain = (t: TestApp) =>
  jobWorker(t.database.db, t.app.services, t.app.jobs.service, t.app.jobs.processor, {
    batch: 100,
    concurrency: 4,
    leaseSeconds: 60,
  }).drain();

describe("line type, from the sandbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers every valid number, landlines too, as a sample that costs nothing", async () => {
    const { check } = await customer(t);
    // The sandbox's documented test numbers: ...00 a mobile, ...01 a landline, ...03 cannot tell.
    const mobile = await check("line_type", "+12025550100");
    expect(mobile).toMatchObject({ sandbox: true, costMicros: "0" });
    expect(mobile.result.lineType).toMatchObject({
      lineType: "mobile",
      source: "sandbox",
      provider: "sandbox",
    });
    expect((await check("line_type", "+12025550101")).result.lineType?.lineType).toBe("fixed_line");
    expect((await check("line_type", "+12025550103")).result.lineType).toMatchObject({
      lineType: "unknown",
      carrier: null,
    });
    const landline = await check("line_type", LANDLINE);
    expect(landline.result.basic.lineType).toBe("fixed_line");
    expect(landline.result.lineType).not.toBeNull();
    expect(landline.result.hlr).toBeNull();
    const invalid = await check("line_type", INVALID);
    expect(invalid.result.lineType).toBeNull();
    expect(invalid.result.charged).toBe(false);
  });

  it("a test key of the public API gets the sandbox's answer, free", async () => {
    const { api } = await customer(t);
    const made = expectOk<ApiKeyCreatedView>(
      await api("POST", "/api/tenant/apikey", { name: "k", scopes: ["check"], mode: "test" }),
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/check",
      payload: { service: "line_type", number: "+12025550101" },
      headers: { authorization: `Bearer ${made.secret}` },
      remoteAddress: "203.0.113.7",
    });
    const view = expectOk<SingleCheckView>(res);
    expect(view).toMatchObject({ service: "line_type", sandbox: true, costMicros: "0" });
    expect(view.result.lineType).toMatchObject({ lineType: "fixed_line", source: "sandbox" });
  });
});

describe("line type, from Twilio then Vonage", () => {
  const live = liveProviders(["twilio", "vonage"], "line_type=twilio,vonage");
  const { twilio, vonage } = live;
  beforeEach(() => {
    twilio.reset();
    vonage.reset();
  });
  const price = DEFAULT_STANDARD_PRICES.line_type[0];

  it("Twilio's answer, charged at the service's price; Twilio is asked for Line Type Intelligence only", async () => {
    const { check } = await customer(live.t);
    const view = await check("line_type", MOBILE);
    expect(view.result.lineType).toMatchObject({
      lineType: "mobile",
      carrier: { name: "Vodafone UK", mcc: "234", mnc: "15", country: "GB" },
      provider: "live",
      source: "live",
    });
    expect(await answeredBy(live.t, "lineType")).toBe("twilio");
    expect(BigInt(view.costMicros)).toBe(price);
    expect(twilio.calls.map((c) => c.query.get("Fields"))).toEqual(["line_type_intelligence"]);
    expect(vonage.calls).toHaveLength(0);
    twilio.assertClean();
  });

  it("Twilio's published example is read as published: non-fixed VoIP", async () => {
    twilio.play(twilioPublished.lineTypeIntelligence);
    const { check } = await customer(live.t);
    expect((await check("line_type", "+14159929960")).result.lineType).toMatchObject({
      lineType: "non_fixed_voip",
      provider: "live",
    });
    expect(await answeredBy(live.t, "lineType")).toBe("twilio");
  });

  it("when Twilio cannot tell (a package error), Vonage is asked: a landline", async () => {
    twilio.play(twilioLookup.packageErrors);
    vonage.play(vonageInsight.landline);
    const { check } = await customer(live.t);
    const view = await check("line_type", LANDLINE);
    expect(view.result.lineType).toMatchObject({ lineType: "fixed_line", provider: "live" });
    expect(await answeredBy(live.t, "lineType")).toBe("vonage");
    expect(vonage.calls.map((c) => c.path)).toEqual(["/ni/standard/json"]);
    vonage.assertClean();
  });

  it("a number basic validation refuses asks no provider and costs nothing", async () => {
    const { check } = await customer(live.t);
    const view = await check("line_type", INVALID);
    expect([view.result.lineType, view.costMicros]).toEqual([null, "0"]);
    expect(twilio.calls).toHaveLength(0);
  });

  it("a list: every valid number looked up and charged, the results file with the line type's columns", async () => {
    const { api } = await customer(live.t);
    const job = expectOk<{ id: string; chargeable: number }>(
      // Numbers not checked above: an answer in the look-up cache would not ask Twilio.
      await api("POST", "/api/tenant/job", {
        service: "line_type",
        numbers: ["+447400123457", "+442079460124", INVALID],
      }),
    );
    expect(job.chargeable).toBe(2);
    await drain(live.t);
    const done = expectOk<{ status: string; chargedMicros: string }>(
      await api("GET", `/api/tenant/job/s/${job.id}`),
    );
    expect(done).toMatchObject({ status: "completed", chargedMicros: (2n * price).toString() });
    const summary = expectOk<{ outcome: { value: string | null; n: number }[] }>(
      await api("GET", `/api/tenant/job/s/${job.id}/summary`),
    );
    expect(summary.outcome).toEqual([{ value: "mobile", n: 2 }]);
    const csv = (await api("GET", `/api/tenant/job/s/${job.id}/download?format=csv`)).body.split("\r\n");
    const header = csv[0]!.split(",");
    expect(header).toEqual(
      expect.arrayContaining(["Line type (live)", "Carrier (line type)", "Line type source"]),
    );
    expect(header).not.toContain("Connectivity");
    expect(twilio.calls).toHaveLength(2);
    const at = header.indexOf("Line type (live)");
    const mobileRow = csv.find((line) => line.includes("+447400123457"))!.split(",");
    expect(mobileRow.slice(at, at + 3)).toEqual(["mobile", "Vodafone UK", "live"]);
  });
});

describe("line type with the default routes: only the providers that answer it are asked", () => {
  const live = liveProviders(["tyntec", "twilio"], "");

  it("tyntec, which has no line type, is never asked", async () => {
    const { check } = await customer(live.t);
    await check("line_type", MOBILE);
    expect(await answeredBy(live.t, "lineType")).toBe("twilio");
    expect(live.tyntec.calls).toHaveLength(0);
  });
});

describe("SIM swap, from the sandbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("says swapped, not swapped, or cannot tell, as a free sample; a landline is not asked", async () => {
    const { check } = await customer(t);
    const recent = await check("sim_swap", "+12025550101");
    expect(recent).toMatchObject({ sandbox: true, costMicros: "0" });
    expect(recent.result.simSwap).toMatchObject({ swapped: true, withinHours: 168, source: "sandbox" });
    expect(recent.result.simSwap?.lastSwapAt).not.toBeNull();
    expect((await check("sim_swap", "+12025550100")).result.simSwap).toMatchObject({
      swapped: false,
      lastSwapAt: null,
    });
    expect((await check("sim_swap", "+12025550103")).result.simSwap).toMatchObject({
      swapped: null,
      lastSwapAt: null,
    });
    const landline = await check("sim_swap", LANDLINE);
    expect([landline.result.simSwap, landline.result.charged]).toEqual([null, false]);
  });
});

describe("SIM swap, from Twilio with its SIM swap package turned on", () => {
  const live = liveProviders(["twilio"], "", { LOOKUP_TWILIO_EXTRAS: "sim_swap" });
  const { twilio } = live;
  beforeEach(() => twilio.reset());
  const price = DEFAULT_STANDARD_PRICES.sim_swap[0];

  it("Twilio's published example: swapped within 48 hours, with the date; charged the service's price", async () => {
    twilio.play(twilioPublished.simSwap);
    const { check } = await customer(live.t);
    const view = await check("sim_swap", "+447772000001");
    expect(view.result.simSwap).toMatchObject({
      swapped: true,
      lastSwapAt: "2020-04-27T10:18:50.000Z",
      withinHours: 48,
      provider: "live",
    });
    expect(await answeredBy(live.t, "simSwap")).toBe("twilio");
    expect(BigInt(view.costMicros)).toBe(price);
    expect(twilio.calls.map((c) => c.query.get("Fields"))).toEqual(["sim_swap"]);
    twilio.assertClean();
  });

  it("a package error cannot tell, and says nothing else", async () => {
    twilio.play(twilioLookup.packageErrors);
    const { check } = await customer(live.t);
    expect((await check("sim_swap", "+447772000002")).result.simSwap).toMatchObject({
      swapped: null,
      lastSwapAt: null,
      withinHours: null,
    });
  });

  it("a list: the mobiles looked up and charged, the landline not; the SIM swap columns in the file", async () => {
    const { api } = await customer(live.t);
    const job = expectOk<{ id: string; chargeable: number }>(
      await api("POST", "/api/tenant/job", { service: "sim_swap", numbers: ["+447772000003", LANDLINE] }),
    );
    expect(job.chargeable).toBe(1);
    await drain(live.t);
    const csv = (await api("GET", `/api/tenant/job/s/${job.id}/download?format=csv`)).body.split("\r\n");
    const header = csv[0]!.split(",");
    const at = header.indexOf("SIM swapped");
    expect(header.slice(at, at + 4)).toEqual([
      "SIM swapped",
      "Last SIM swap",
      "SIM swap period (hours)",
      "SIM swap source",
    ]);
    expect(
      csv
        .find((line) => line.includes("+447772000003"))!
        .split(",")
        .slice(at, at + 4),
    ).toEqual(["no", "", "24", "live"]);
  });
});

describe("SIM swap without a provider that answers it", () => {
  const live = liveProviders(["twilio"], "");

  it("fails as a look-up that could not be made: nothing charged, Twilio never asked", async () => {
    const { api } = await customer(live.t);
    const res = await api("POST", "/api/tenant/detection/check", {
      service: "sim_swap",
      number: "+447772000004",
    });
    expect(res.statusCode).toBe(502);
    expect(live.twilio.calls).toHaveLength(0);
  });
});

describe("SMS pumping risk, from the sandbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("scores every valid number, landlines too, as a free sample; or cannot tell", async () => {
    const { check } = await customer(t);
    const risky = await check("sms_pumping_risk", "+12025550101");
    expect(risky).toMatchObject({ sandbox: true, costMicros: "0" });
    expect(risky.result.smsPumpingRisk?.risk).toMatchObject({
      score: 92,
      carrierRisk: "high",
      blocked: true,
    });
    expect((await check("sms_pumping_risk", "+12025550103")).result.smsPumpingRisk).toMatchObject({
      risk: null,
      source: "sandbox",
    });
    expect((await check("sms_pumping_risk", LANDLINE)).result.smsPumpingRisk?.risk).not.toBeNull();
  });
});

describe("SMS pumping risk, from Twilio with the package turned on", () => {
  const live = liveProviders(["twilio", "vonage"], "", { LOOKUP_TWILIO_EXTRAS: "sms_pumping_risk" });
  const { twilio, vonage } = live;
  beforeEach(() => {
    twilio.reset();
    vonage.reset();
  });

  it("Twilio's published example, as published: 61, a moderate carrier; charged the service's price", async () => {
    twilio.play(twilioPublished.smsPumpingRisk);
    const { check } = await customer(live.t);
    const view = await check("sms_pumping_risk", "+14159929960");
    expect(view.result.smsPumpingRisk).toMatchObject({
      risk: { score: 61, carrierRisk: "moderate", blocked: false, blockedLast3Months: null },
      provider: "live",
    });
    expect(await answeredBy(live.t, "smsPumpingRisk")).toBe("twilio");
    expect(BigInt(view.costMicros)).toBe(DEFAULT_STANDARD_PRICES.sms_pumping_risk[0]);
    expect(twilio.calls.map((c) => c.query.get("Fields"))).toEqual(["sms_pumping_risk"]);
    expect(vonage.calls).toHaveLength(0);
    twilio.assertClean();
  });

  it("feeds the enhanced fraud score: Twilio's HLR carries it, and a blocked number is a reason", async () => {
    twilio.play(twilioLookup.pumpingBlocked);
    const { check } = await customer(live.t);
    const view = await check("fraud_shield_enhanced", "+447772000009");
    expect(await answeredBy(live.t, "hlr")).toBe("twilio");
    expect(view.result.fraud?.reasons.map((r) => r.code)).toContain("sms_pumping_blocked");
    expect(twilio.calls.map((c) => c.query.get("Fields"))).toEqual([
      "line_status,line_type_intelligence,sms_pumping_risk",
    ]);
  });

  it("a list: the score and the carrier's category in the results file", async () => {
    twilio.play(twilioLookup.pumpingBlocked);
    const { api } = await customer(live.t);
    const job = expectOk<{ id: string }>(
      await api("POST", "/api/tenant/job", { service: "sms_pumping_risk", numbers: ["+447772000010"] }),
    );
    await drain(live.t);
    const csv = (await api("GET", `/api/tenant/job/s/${job.id}/download?format=csv`)).body.split("\r\n");
    const header = csv[0]!.split(",");
    const at = header.indexOf("SMS pumping risk score");
    expect(csv[1]!.split(",").slice(at, at + 4)).toEqual(["95", "high", "yes", "live"]);
  });
});

describe("caller name, from the sandbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("names a United States number as a free sample; any other number is not applicable", async () => {
    const { check } = await customer(t);
    const person = await check("caller_name", "+12025550100");
    expect(person).toMatchObject({ sandbox: true, costMicros: "0" });
    expect(person.result.callerName).toMatchObject({
      name: "JANE SAMPLE",
      type: "consumer",
      firstName: "Jane",
      lastName: "Sample",
      source: "sandbox",
    });
    expect((await check("caller_name", "+12025550101")).result.callerName).toMatchObject({
      name: "SANDBOX BAKERY",
      type: "business",
    });
    expect((await check("caller_name", "+12025550103")).result.callerName).toMatchObject({
      name: null,
      type: null,
    });
    const abroad = await check("caller_name", MOBILE);
    expect(abroad.result.basic.valid).toBe(true);
    expect(abroad.result).toMatchObject({ callerName: null, charged: false });
  });
});

describe("caller name, from Vonage (Twilio's package not turned on)", () => {
  const live = liveProviders(["twilio", "vonage"], "");
  const { twilio, vonage } = live;
  beforeEach(() => {
    twilio.reset();
    vonage.reset();
  });

  it("a United States number: Vonage's Standard with cnam=true, charged the service's price", async () => {
    vonage.play(vonageInsight.callerName);
    const { check } = await customer(live.t);
    const view = await check("caller_name", "+12025550100");
    expect(view.result.callerName).toMatchObject({
      name: "John Smith",
      type: "consumer",
      firstName: "John",
      lastName: "Smith",
      provider: "live",
    });
    expect(await answeredBy(live.t, "callerName")).toBe("vonage");
    expect(view.result.charged).toBe(true);
    expect(BigInt(view.costMicros)).toBe(DEFAULT_STANDARD_PRICES.caller_name[0]);
    expect(vonage.calls.map((c) => [c.path, c.query.get("cnam")])).toEqual([["/ni/standard/json", "true"]]);
    expect(twilio.calls).toHaveLength(0);
    vonage.assertClean();
  });

  it("a number outside the United States: not applicable, no provider asked, nothing charged", async () => {
    const { check, api } = await customer(live.t);
    const view = await check("caller_name", MOBILE);
    expect(view.result).toMatchObject({ callerName: null, charged: false });
    expect(view.costMicros).toBe("0");
    expect(vonage.calls).toHaveLength(0);
    expect(twilio.calls).toHaveLength(0);
    // A list: the foreign number is not applicable and free, the US one (not yet in the look-up
    // cache) charged; the file says so.
    vonage.play(vonageInsight.callerName);
    const job = expectOk<{ id: string }>(
      await api("POST", "/api/tenant/job", { service: "caller_name", numbers: ["+12125550100", MOBILE] }),
    );
    await drain(live.t);
    const csv = (await api("GET", `/api/tenant/job/s/${job.id}/download?format=csv`)).body.split("\r\n");
    // The caller name's three columns come last, before the cost (a region such as "New York, NY"
    // is quoted, so the rows are read from their end).
    expect(csv[0]!.split(",").slice(-4)).toEqual([
      "Caller name",
      "Caller type",
      "Caller name source",
      "Cost",
    ]);
    const rows = csv.slice(1).filter(Boolean);
    const us = rows.find((row) => row.includes("+12125550100"))!.split(",");
    const abroad = rows.find((row) => row.includes(MOBILE))!.split(",");
    expect(us.slice(-4)).toEqual(["John Smith", "consumer", "live", "0.012"]);
    expect(abroad.slice(3, 5)).toEqual(["rejected", "Not eligible for this service"]);
    expect(abroad.slice(-4)).toEqual(["", "", "", "0.00"]);
    expect(vonage.calls).toHaveLength(1);
  });
});

describe("caller name, from Twilio with the package turned on", () => {
  const live = liveProviders(["twilio", "vonage"], "", { LOOKUP_TWILIO_EXTRAS: "caller_name" });
  const { twilio, vonage } = live;
  beforeEach(() => {
    twilio.reset();
    vonage.reset();
  });

  it("Twilio's published example, as published: Sergio Suarez, a consumer, no first or last name", async () => {
    twilio.play(twilioPublished.callerName);
    const { check } = await customer(live.t);
    const view = await check("caller_name", "+14159929960");
    expect(view.result.callerName).toMatchObject({
      name: "Sergio Suarez",
      type: "consumer",
      firstName: null,
      lastName: null,
      provider: "live",
    });
    expect(await answeredBy(live.t, "callerName")).toBe("twilio");
    expect(BigInt(view.costMicros)).toBe(DEFAULT_STANDARD_PRICES.caller_name[0]);
    expect(twilio.calls.map((c) => c.query.get("Fields"))).toEqual(["caller_name"]);
    expect(vonage.calls).toHaveLength(0);
    twilio.assertClean();
  });
});
