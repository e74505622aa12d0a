import type { FakeUpstream } from "@nc/numcheck/providers/testing/fake-upstream";
import { twilioLookup, twilioPublished } from "@nc/numcheck/providers/testing/twilio-fake";
import { tyntecProblems, tyntecPublished } from "@nc/numcheck/providers/testing/tyntec-fake";
import { vonagePublished } from "@nc/numcheck/providers/testing/vonage-fake";
import { TYNTEC_CONTRACT } from "@nc/numcheck/providers/tyntec-contract";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { detectionJobs } from "../src/db/schema/index";
import { expectError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { liveProviders, tyntecThenTwilio } from "./helpers/live-providers";
import { answeredBy, storedAnswer } from "./helpers/stored-answer";
import { inTenant } from "./helpers/tenancy";
import type { TestApp } from "./helpers/test-app";

/**
 * What a customer's HLR check gets from real providers' answers (docs/providers.md, "Failures" and
 * "Routing settings"): tyntec first, Twilio next, both fakes on this machine, as a customer calls
 * POST /api/tenant/detection/check. Each tyntec call counted here is a look-up the product pays for.
 */
const DEADLINE_MS = 600;
const OPENING = 1_000_000_000n;

/** A customer's HLR check of `number`, in a newly funded organisation. */
async function checkHlr(t: TestApp, number: string) {
  const funded = await fundedTenant(t, OPENING);
  const started = Date.now();
  const res = await inTenant(t, funded.owner, funded.tenantId)("POST", "/api/tenant/detection/check", {
    service: "hlr",
    number,
  });
  return { res, elapsedMs: Date.now() - started, ...funded };
}

type HlrView = { result: { hlr: Record<string, unknown> }; costMicros: string };

/** Each test starts with the fakes' default answers and no calls. */
function resetBeforeEach(...fakes: FakeUpstream[]) {
  beforeEach(() => {
    for (const fake of fakes) fake.reset();
  });
}

describe("live look-ups as the providers answer them", () => {
  const live = tyntecThenTwilio({ LOOKUP_DEADLINE_MS: String(DEADLINE_MS) });
  const { tyntec, twilio } = live;
  resetBeforeEach(tyntec, twilio);
  const check = (number: string) => checkHlr(live.t, number);

  it("tyntec's published GNV examples (its documentation page's, its contract's) are read: one paid call each, a connected handset", async () => {
    for (const [fixture, number] of [
      [tyntecPublished.gnvDocsPage, "+4915112340001"],
      [tyntecPublished.gnvOpenApi, "+4915112340011"],
    ] as const) {
      tyntec.reset(fixture);
      const view = expectOk<HlrView>((await check(number)).res);
      expect(view.result.hlr).toMatchObject({ provider: "live", connectivity: "connected", ported: false });
      expect(await answeredBy(live.t, "hlr")).toBe("tyntec");
      expect(BigInt(view.costMicros)).toBeGreaterThan(0n);
      expect(tyntec.calls).toHaveLength(1);
      tyntec.assertClean();
    }
    expect(twilio.calls).toHaveLength(0);
    twilio.assertClean();
  });

  it("the customer reads neither the provider's name nor what the look-up cost; the operator's stored copy keeps both", async () => {
    tyntec.reset(tyntecPublished.gnvDocsPage);
    const { res, owner, tenantId } = await check("+4915112340021");
    const view = expectOk<HlrView & { jobId: string }>(res);
    expect(view.result.hlr).toMatchObject({ provider: "live", source: "live" });
    expect(view.result.hlr).not.toHaveProperty("cost");
    expect(JSON.stringify(view)).not.toContain("tyntec");
    // The same number read back from the organisation's history.
    const items = expectOk<{ items: HlrView[] }>(
      await inTenant(live.t, owner, tenantId)("GET", `/api/tenant/job/s/${view.jobId}/items`),
    ).items;
    expect(items).toHaveLength(1);
    expect(items[0]!.result.hlr).toMatchObject({ provider: "live" });
    expect(JSON.stringify(items)).not.toMatch(/tyntec|"cost"/);
    expect(await storedAnswer(live.t, "hlr")).toMatchObject({
      provider: "tyntec",
      cost: { currency: "EUR" },
    });
  });

  it('Twilio\'s published line status "active" is not a connected handset: the check cannot tell, and is charged as such', async () => {
    // tyntec is out of credit, so Twilio is the last provider to ask.
    tyntec.play(() => tyntecProblems.paymentRequired);
    twilio.play(twilioPublished.lineStatusActive);
    const view = expectOk<HlrView>((await check("+447772000001")).res);
    expect(view.result.hlr).toMatchObject({
      provider: "live",
      connectivity: "undetermined",
      currentNetwork: null,
    });
    expect(await answeredBy(live.t, "hlr")).toBe("twilio");
    expect(BigInt(view.costMicros)).toBeGreaterThan(0n);
    // A "cannot tell" answer is not kept in the look-up cache: the same number is asked again. With
    // the line type asked too, the carrier Twilio named is given, still without reachability.
    twilio.play(twilioLookup.active);
    const withCarrier = expectOk<HlrView>((await check("+447772000001")).res);
    expect(withCarrier.result.hlr).toMatchObject({
      provider: "live",
      connectivity: "undetermined",
      currentNetwork: { name: "Vodafone UK", mcc: "234", mnc: "15", country: "GB" },
    });
    expect(await answeredBy(live.t, "hlr")).toBe("twilio");
    expect(twilio.calls).toHaveLength(2);
    tyntec.assertClean();
    twilio.assertClean();
  });

  it("a 200 answer that cannot be read is not asked again: Twilio answers, the fields at fault are logged", async () => {
    const number = "+4915112340002";
    tyntec.play(() => ({
      contract: TYNTEC_CONTRACT,
      malformed: JSON.stringify({ msisdn: number, presence: true, errorCode: "0" }),
    }));
    const logged = live.t.logs.length;
    const tyntecErrors = () =>
      live.t.app.services.lookupRouter.health().find((h) => h.name === "tyntec")!.lastHour.errors;
    const errorsBefore = tyntecErrors();
    const { res } = await check(number);
    const view = expectOk<HlrView>(res);
    expect(view.result.hlr).toMatchObject({ provider: "live", connectivity: "connected" });
    expect(await answeredBy(live.t, "hlr")).toBe("twilio");
    expect(tyntec.calls).toHaveLength(1);
    expect(twilio.calls).toHaveLength(1);
    tyntec.assertClean();
    twilio.assertClean();
    const lines = live.t.logs.slice(logged).filter((line) => line.includes("cannot read"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ provider: "tyntec", fields: ["presence"] });
    expect(lines[0]).not.toContain(number.slice(1));
    expect(tyntecErrors() - errorsBefore).toBe(1);
  });

  it("a provider that never answers: the check ends at LOOKUP_DEADLINE_MS, not answered, nothing charged", async () => {
    tyntec.play(() => ({
      ...tyntecPublished.gnvDocsPage(),
      delayMs: 60_000,
    }));
    const { res, elapsedMs, tenantId, billing } = await check("+4915112340003");
    expectError(res, 502, 50200);
    expect(elapsedMs).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(elapsedMs).toBeLessThan(DEADLINE_MS + 1_500);
    // The call's timeout was what was left of the deadline: one call, no time left for Twilio.
    expect(tyntec.calls).toHaveLength(1);
    expect(twilio.calls).toHaveLength(0);
    expect((await billing.balance(tenantId)).balanceMicros).toBe(OPENING);
    expect(
      await live.t.database.db.select().from(detectionJobs).where(eq(detectionJobs.tenantId, tenantId)),
    ).toHaveLength(0);
  });
});

describe("Vonage's published answers in a customer's check", () => {
  // US numbers go to Vonage first, then Twilio; every other number to Twilio alone.
  const live = liveProviders(["twilio", "vonage"], "hlr=twilio; hlr@US=vonage,twilio; mnp=vonage");
  const { twilio, vonage } = live;
  resetBeforeEach(twilio, vonage);
  const check = (number: string) => checkHlr(live.t, number);

  it("the contract's Advanced example is a connected handset, roaming in the US, charged", async () => {
    vonage.play(() => vonagePublished.advanced());
    const view = expectOk<HlrView>((await check("+14159929960")).res);
    expect(view.result.hlr).toMatchObject({
      provider: "live",
      connectivity: "connected",
      roaming: { roaming: true, country: "US" },
    });
    expect(await answeredBy(live.t, "hlr")).toBe("vonage");
    expect(twilio.calls).toHaveLength(0);
    vonage.assertClean();
  });

  it('valid_number "inferred_not_valid" is a guess, not an invalid number: Twilio is asked and answers', async () => {
    vonage.play(() => vonagePublished.advanced({ valid_number: "inferred_not_valid" }));
    const view = expectOk<HlrView>((await check("+14159929961")).res);
    expect(view.result.hlr).toMatchObject({ provider: "live", connectivity: "connected" });
    expect(await answeredBy(live.t, "hlr")).toBe("twilio");
    expect(vonage.calls).toHaveLength(1);
    expect(twilio.calls).toHaveLength(1);
    vonage.assertClean();
    twilio.assertClean();
  });

  it('lookup_outcome 2 (failed) is not connected: with Twilio\'s "active" after it, the check cannot tell', async () => {
    vonage.play(() => vonagePublished.advanced({ lookup_outcome: 2, lookup_outcome_message: "Failed" }));
    twilio.play(twilioPublished.lineStatusActive);
    const view = expectOk<HlrView>((await check("+14159929962")).res);
    // Neither could tell: the first answer is given, and nothing in it says connected.
    expect(view.result.hlr).toMatchObject({
      provider: "live",
      connectivity: "undetermined",
      roaming: { roaming: null, network: null, country: null },
    });
    expect(await answeredBy(live.t, "hlr")).toBe("vonage");
    expect(vonage.calls).toHaveLength(1);
    expect(twilio.calls).toHaveLength(1);
    vonage.assertClean();
    twilio.assertClean();
  });
});
