import { gnvAsDocumented } from "@nc/numcheck/providers/testing/tyntec-fake";
import { TYNTEC_CONTRACT } from "@nc/numcheck/providers/tyntec-contract";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { detectionJobs } from "../src/db/schema/index";
import { expectError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { tyntecThenTwilio } from "./helpers/live-providers";
import { inTenant } from "./helpers/tenancy";

/**
 * What a customer's HLR check gets from real providers' answers (docs/providers.md, "Failures" and
 * "Routing settings"): tyntec first, Twilio next, both fakes on this machine, as a customer calls
 * POST /api/tenant/detection/check. Each tyntec call counted here is a look-up the product pays for.
 */
const DEADLINE_MS = 600;
const OPENING = 1_000_000_000n;

describe("live look-ups as the providers answer them", () => {
  const live = tyntecThenTwilio({ LOOKUP_DEADLINE_MS: String(DEADLINE_MS) });
  const { tyntec, twilio } = live;
  beforeEach(() => {
    tyntec.reset();
    twilio.reset();
  });

  async function check(number: string) {
    const t = live.t;
    const funded = await fundedTenant(t, OPENING);
    const started = Date.now();
    const res = await inTenant(t, funded.owner, funded.tenantId)("POST", "/api/tenant/detection/check", {
      service: "hlr",
      number,
    });
    return { res, elapsedMs: Date.now() - started, ...funded };
  }

  it("tyntec's documentation-page GNV example is read: one paid call, a connected handset", async () => {
    tyntec.play((call) => gnvAsDocumented(call.query.get("msisdn") ?? ""));
    const { res } = await check("+4915112340001");
    const view = expectOk<{ result: { hlr: Record<string, unknown> }; costMicros: string }>(res);
    expect(view.result.hlr).toMatchObject({ provider: "tyntec", connectivity: "connected", ported: false });
    expect(BigInt(view.costMicros)).toBeGreaterThan(0n);
    expect(tyntec.calls).toHaveLength(1);
    expect(twilio.calls).toHaveLength(0);
    twilio.assertClean();
  });

  it("a 200 answer that cannot be read is not asked again: Twilio answers, the fields at fault are logged", async () => {
    const number = "+4915112340002";
    tyntec.play(() => ({
      contract: TYNTEC_CONTRACT,
      malformed: JSON.stringify({ msisdn: number, presence: true, errorCode: "0" }),
    }));
    const logged = live.t.logs.length;
    const { res } = await check(number);
    const view = expectOk<{ result: { hlr: Record<string, unknown> } }>(res);
    expect(view.result.hlr).toMatchObject({ provider: "twilio", connectivity: "connected" });
    expect(tyntec.calls).toHaveLength(1);
    expect(twilio.calls).toHaveLength(1);
    tyntec.assertClean();
    twilio.assertClean();
    const lines = live.t.logs.slice(logged).filter((line) => line.includes("cannot read"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ provider: "tyntec", fields: ["presence"] });
    expect(lines[0]).not.toContain(number.slice(1));
    const tyntecHealth = live.t.app.services.lookupRouter.health().find((h) => h.name === "tyntec")!;
    expect(tyntecHealth.lastHour).toMatchObject({ errors: 1 });
  });

  it("a provider that never answers: the check ends at LOOKUP_DEADLINE_MS, not answered, nothing charged", async () => {
    tyntec.play((call) => ({
      ...gnvAsDocumented(call.query.get("msisdn") ?? ""),
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
