import type { DetectionHistoryPage, SingleCheckView } from "@nc/contracts/detection-single";
import type { JobItemsPage } from "@nc/contracts/jobs";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { cached } from "@nc/numcheck/providers/cache";
import { SandboxProvider } from "@nc/numcheck/providers/sandbox";
import { LookupError, type LookupProvider, providerFrom } from "@nc/numcheck/types";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectionItems, detectionJobs, ledgerEntries, notices } from "../src/db/schema/index";
import { detectionService } from "../src/features/detection/detection-service";
import { type PackedResult, unpackResult } from "../src/features/detection/index";
import { DbLookupCache } from "../src/features/lookup/db-lookup-cache";
import { DEFAULT_STANDARD_PRICES } from "../src/features/price/price-service";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { fundedTenant, twoBasicBands } from "./helpers/billing";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** A US test number: valid fixed-or-mobile, so it qualifies for HLR; the sandbox answers "connected". */
const CONNECTED = "+12025550100";
const UPSTREAM_ERROR = "+12025550106";
/** A London fixed line: valid, but not worth a live look-up. */
const FIXED = "+442079460000";
const INVALID = "+4420794600000";

const price = (service: keyof typeof DEFAULT_STANDARD_PRICES) => DEFAULT_STANDARD_PRICES[service][0];

/** A live (non-sandbox) provider that answers like the sandbox, to test charging of live look-ups. */
function liveProvider(): LookupProvider & { calls: number } {
  const sandbox = new SandboxProvider({ timeoutDelayMs: 5 });
  const p = Object.assign(
    providerFrom(
      { name: "fake-live", sandbox: false, answers: ["hlr", "mnp"] },
      {
        async hlr(e164) {
          p.calls++;
          return { ...(await sandbox.lookup("hlr", e164)), source: "live" as const, provider: "fake-live" };
        },
        async mnp(e164) {
          p.calls++;
          return { ...(await sandbox.lookup("mnp", e164)), source: "live" as const, provider: "fake-live" };
        },
      },
    ),
    { calls: 0 },
  );
  return p;
}

describe("single number check", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function org(openingMicros = 1_000_000_000n) {
    const funded = await fundedTenant(t, openingMicros);
    return { ...funded, as: inTenant(t, funded.owner, funded.tenantId) };
  }

  const ledgerOf = (tenantId: string, tradeType: number) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.tradeType, tradeType)));

  const jobsOf = (tenantId: string) =>
    t.database.db.select().from(detectionJobs).where(eq(detectionJobs.tenantId, tenantId));

  it("basic: checks offline, stores the check as one item of the day's web job, charges the quote", async () => {
    const { as, tenantId, billing } = await org();
    const view = expectOk<SingleCheckView>(
      await as("POST", "/api/tenant/detection/check", {
        service: "basic",
        number: "020 7946 0000",
        defaultCountry: "gb",
      }),
    );
    expect(view).toMatchObject({
      service: "basic",
      costMicros: price("basic").toString(),
      currency: "USD",
      sandbox: false,
    });
    expect(view.result.basic).toMatchObject({ e164: FIXED, valid: true, lineType: "fixed_line" });
    expect(view.result.basic.country).toMatchObject({ iso2: "GB", iso3: "GBR", dialCode: "44" });
    expect(view.result.basic.formats?.national).toBeTruthy();
    expect(view.result.hlr).toBeNull();

    const [job] = await jobsOf(tenantId);
    expect(job).toMatchObject({
      id: view.jobId,
      kind: "single",
      channel: "web",
      service: "basic",
      status: "completed",
      total: 1,
      done: 1,
      chargedMicros: price("basic"),
      unitPriceMicros: price("basic"),
      sandbox: 0,
    });
    const items = await t.database.db
      .select()
      .from(detectionItems)
      .where(eq(detectionItems.jobId, view.jobId));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      seq: 0,
      e164: FIXED,
      status: "done",
      costMicros: price("basic"),
      single: true,
    });
    // Stored packed (detection/packed-result.ts), and read back as the view that was answered.
    expect(Array.isArray(items[0]!.result)).toBe(true);
    expect(unpackResult(items[0]!.result as PackedResult, FIXED)).toEqual(view.result);
    // The history names a single check by its number, not "1 number".
    const history = expectOk<DetectionHistoryPage>(await as("GET", "/api/tenant/detection/history"));
    expect(history.items[0]).toMatchObject({ id: view.jobId, kind: "single", number: FIXED, fileName: null });

    const ledger = await ledgerOf(tenantId, TRADE_TYPES.checkBasic);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      amountMicros: -price("basic"),
      service: "basic",
      quantity: 1,
      referenceType: "detection_job",
      referenceId: view.jobId,
      idempotencyKey: null,
      actorType: "user",
    });
    // The check names the ledger row that charged it.
    expect(items[0]!.ledgerEntryId).toBe(ledger[0]!.id);
    // The job's item list says so too, for the link to the transaction.
    const listed = expectOk<JobItemsPage>(await as("GET", `/api/tenant/job/s/${view.jobId}/items`));
    expect(listed.items[0]).toMatchObject({ seq: 0, ledgerEntryId: ledger[0]!.id });
    expect((await billing.balance(tenantId)).balanceMicros).toBe(1_000_000_000n - price("basic"));
    expect((await billing.verify(tenantId)).ok).toBe(true);

    // The next check the same day is the next item of the same job, not a job of its own.
    const again = expectOk<SingleCheckView>(
      await as("POST", "/api/tenant/detection/check", { service: "basic", number: CONNECTED }),
    );
    expect(again.jobId).toBe(view.jobId);
    expect(await jobsOf(tenantId)).toMatchObject([
      { id: view.jobId, total: 2, done: 2, chargedMicros: price("basic") * 2n },
    ]);
    const both = await t.database.db
      .select()
      .from(detectionItems)
      .where(eq(detectionItems.jobId, view.jobId))
      .orderBy(detectionItems.seq);
    expect(both.map((i) => [i.seq, i.e164])).toEqual([
      [0, FIXED],
      [1, CONNECTED],
    ]);
    // A job of several checks is named by its count in the history, not by one number.
    const later = expectOk<DetectionHistoryPage>(await as("GET", "/api/tenant/detection/history"));
    expect(later.items).toHaveLength(1);
    expect(later.items[0]).toMatchObject({ id: view.jobId, total: 2, number: null });
    // Another service, or the API, is another job of the day.
    const hlr = expectOk<SingleCheckView>(
      await as("POST", "/api/tenant/detection/check", { service: "hlr", number: CONNECTED }),
    );
    expect(hlr.jobId).not.toBe(view.jobId);
  });

  it("hlr and mnp on the sandbox: live answers marked sandbox, free of charge", async () => {
    const { as, tenantId } = await org();
    const hlr = expectOk<SingleCheckView>(
      await as("POST", "/api/tenant/detection/check", { service: "hlr", number: CONNECTED }),
    );
    expect(hlr).toMatchObject({ service: "hlr", sandbox: true, costMicros: "0" });
    expect(hlr.result.hlr).toMatchObject({
      connectivity: "connected",
      source: "sandbox",
      provider: "sandbox",
    });
    expect(hlr.result.mnp).toBeNull();

    const mnp = expectOk<SingleCheckView>(
      await as("POST", "/api/tenant/detection/check", { service: "mnp", number: CONNECTED }),
    );
    expect(mnp).toMatchObject({ service: "mnp", sandbox: true, costMicros: "0" });
    expect(mnp.result.mnp).toMatchObject({ ported: "not_ported", source: "sandbox" });

    const jobs = await jobsOf(tenantId);
    expect(jobs.map((j) => [j.service, j.sandbox, j.chargedMicros])).toEqual(
      expect.arrayContaining([
        ["hlr", 1, 0n],
        ["mnp", 1, 0n],
      ]),
    );
    expect(await ledgerOf(tenantId, TRADE_TYPES.checkHlr)).toHaveLength(0);
    expect(await ledgerOf(tenantId, TRADE_TYPES.checkMnp)).toHaveLength(0);
  });

  it("fraud shield scores the number and charges trade type 8; enhanced adds HLR/MNP", async () => {
    const { as, tenantId } = await org();
    const fraud = expectOk<SingleCheckView>(
      await as("POST", "/api/tenant/detection/check", { service: "fraud_shield", number: CONNECTED }),
    );
    expect(fraud).toMatchObject({ sandbox: false, costMicros: price("fraud_shield").toString() });
    expect(fraud.result.fraud).toMatchObject({ enhanced: false });
    expect(fraud.result.fraud!.score).toBeGreaterThanOrEqual(0);
    expect(["allow", "flag", "block"]).toContain(fraud.result.fraud!.recommendation);
    const [entry] = await ledgerOf(tenantId, TRADE_TYPES.checkFraudShield);
    expect(entry).toMatchObject({ amountMicros: -price("fraud_shield"), referenceId: fraud.jobId });

    const enhanced = expectOk<SingleCheckView>(
      await as("POST", "/api/tenant/detection/check", {
        service: "fraud_shield_enhanced",
        number: CONNECTED,
      }),
    );
    expect(enhanced).toMatchObject({ sandbox: true, costMicros: "0" });
    expect(enhanced.result.fraud).toMatchObject({ enhanced: true });
    expect(enhanced.result.hlr).toMatchObject({ connectivity: "connected" });
    expect(enhanced.result.mnp).toMatchObject({ ported: "not_ported" });
  });

  it("counts earlier checks of the same number in the organisation as velocity", async () => {
    const { as } = await org();
    let last: SingleCheckView | undefined;
    for (let i = 0; i < 12; i++) {
      last = expectOk<SingleCheckView>(
        await as("POST", "/api/tenant/detection/check", { service: "fraud_shield", number: "+12025550142" }),
      );
    }
    expect(last!.result.fraud!.reasons.map((r) => r.code).some((c) => c.startsWith("velocity_"))).toBe(true);
  });

  it("live provider: hlr charges trade type 6; an invalid or fixed number is answered from basic, free", async () => {
    const { tenantId, owner } = await org();
    const provider = liveProvider();
    const detection = detectionService(t.database.db, provider, t.app.services);
    const base = {
      tenantId,
      partnerId: (await t.app.services.partners.ensureDefault()).id,
      userId: owner.id,
    };

    const live = await detection.check({ ...base, service: "hlr", number: CONNECTED });
    expect(live).toMatchObject({ sandbox: false, costMicros: price("hlr").toString() });
    expect(live.result.hlr).toMatchObject({ connectivity: "connected", source: "live" });
    const [entry] = await ledgerOf(tenantId, TRADE_TYPES.checkHlr);
    expect(entry).toMatchObject({ amountMicros: -price("hlr"), quantity: 1, referenceId: live.jobId });
    expect(provider.calls).toBe(1);

    const invalid = await detection.check({ ...base, service: "hlr", number: INVALID });
    expect(invalid).toMatchObject({ costMicros: "0" });
    expect(invalid.result.basic.valid).toBe(false);
    expect(invalid.result.hlr).toBeNull();
    const fixed = await detection.check({ ...base, service: "mnp", number: FIXED });
    expect(fixed).toMatchObject({ costMicros: "0" });
    const fraud = await detection.check({ ...base, service: "fraud_shield_enhanced", number: INVALID });
    expect(fraud).toMatchObject({ costMicros: "0" });
    expect(fraud.result.fraud!.score).toBeGreaterThan(0);
    expect(provider.calls).toBe(1);
    expect(await ledgerOf(tenantId, TRADE_TYPES.checkHlr)).toHaveLength(1);
    expect(await ledgerOf(tenantId, TRADE_TYPES.checkMnp)).toHaveLength(0);
    expect(await ledgerOf(tenantId, TRADE_TYPES.checkFraudShieldEnhanced)).toHaveLength(0);

    // The invalid number is the second item of the day's HLR job: stored, free, no ledger row.
    expect(invalid.jobId).toBe(live.jobId);
    const items = await t.database.db
      .select()
      .from(detectionItems)
      .where(eq(detectionItems.jobId, invalid.jobId))
      .orderBy(detectionItems.seq);
    expect(items[0]).toMatchObject({ status: "done", costMicros: price("hlr"), ledgerEntryId: entry!.id });
    expect(items[1]).toMatchObject({ status: "rejected", costMicros: 0n, ledgerEntryId: null });
  });

  it("live answers are cached in the database for the cache age, marked cache; fresh asks again", async () => {
    const { tenantId, owner } = await org();
    const provider = liveProvider();
    const cache = new DbLookupCache(t.database.db);
    let now = new Date("2026-11-22T10:00:00Z");
    const detection = detectionService(
      t.database.db,
      cached(provider, cache, { maxAgeMs: { hlr: 3_600_000 }, now: () => now }),
      t.app.services,
    );
    const base = {
      tenantId,
      partnerId: (await t.app.services.partners.ensureDefault()).id,
      userId: owner.id,
    };
    const number = "+12025550110";

    const first = await detection.check({ ...base, service: "hlr", number });
    expect(first.result.hlr).toMatchObject({ source: "live" });
    const again = await detection.check({ ...base, service: "hlr", number });
    expect(again.result.hlr).toMatchObject({ source: "cache", obtainedAt: first.result.hlr!.obtainedAt });
    expect(provider.calls).toBe(1);
    // Another process (same database) finds it too.
    expect(await new DbLookupCache(t.database.db).get("hlr", number, new Date(0))).not.toBeNull();

    const fresh = await detection.check({ ...base, service: "hlr", number, fresh: true });
    expect(fresh.result.hlr).toMatchObject({ source: "live" });
    expect(provider.calls).toBe(2);
    now = new Date(now.getTime() + 2 * 3_600_000);
    const expired = await detection.check({ ...base, service: "hlr", number });
    expect(expired.result.hlr).toMatchObject({ source: "live" });
    expect(provider.calls).toBe(3);
  });

  it("live provider failure: a clear error, nothing stored, nothing charged", async () => {
    const { tenantId, owner, billing } = await org();
    const failing: LookupProvider = {
      name: "down",
      sandbox: false,
      answers: ["hlr", "mnp"],
      lookup: async () => {
        throw new LookupError("down", "upstream", true);
      },
    };
    const detection = detectionService(t.database.db, failing, t.app.services);
    await expect(
      detection.check({
        tenantId,
        partnerId: (await t.app.services.partners.ensureDefault()).id,
        userId: owner.id,
        service: "hlr",
        number: CONNECTED,
      }),
    ).rejects.toMatchObject({ key: "lookupFailed", status: 502 });
    expect(await jobsOf(tenantId)).toHaveLength(0);
    expect((await billing.balance(tenantId)).balanceMicros).toBe(1_000_000_000n);
  });

  it("sandbox upstream-error number over HTTP: 502 with a message, no job", async () => {
    const { as, tenantId } = await org();
    const res = await as("POST", "/api/tenant/detection/check", { service: "hlr", number: UPSTREAM_ERROR });
    expectError(res, 502, 50200);
    expect(await jobsOf(tenantId)).toHaveLength(0);
  });

  it("insufficient balance: 402, no job stored and nothing charged", async () => {
    const { as, tenantId, billing } = await org(0n);
    const res = await as("POST", "/api/tenant/detection/check", { service: "basic", number: FIXED });
    expectError(res, 402, 40200);
    expect(await jobsOf(tenantId)).toHaveLength(0);
    expect(await ledgerOf(tenantId, TRADE_TYPES.checkBasic)).toHaveLength(0);
    expect((await billing.balance(tenantId)).balanceMicros).toBe(0n);

    // A sandbox HLR look-up is free, so it still works without money.
    expectOk(await as("POST", "/api/tenant/detection/check", { service: "hlr", number: CONNECTED }));
  });

  it("checks arriving at once are written in batches: each charged once, one ledger row per batch, refused alone when the money runs out", async () => {
    const { tenantId, owner, billing } = await org(price("basic") * 7n);
    const detection = detectionService(t.database.db, t.app.services.lookup, t.app.services);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        detection.check({ tenantId, userId: owner.id, service: "basic", number: FIXED }),
      ),
    );
    const answered = outcomes.filter((o) => o.status === "fulfilled");
    expect(answered).toHaveLength(7);
    for (const o of outcomes.filter((o) => o.status === "rejected"))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ key: "insufficientBalance" });
    // One job of the day holds the seven checks, one item each.
    const jobs = await jobsOf(tenantId);
    expect(jobs).toMatchObject([{ total: 7, done: 7, chargedMicros: price("basic") * 7n }]);
    const items = await t.database.db
      .select()
      .from(detectionItems)
      .where(eq(detectionItems.jobId, jobs[0]!.id));
    expect(items.map((i) => i.seq).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Fewer ledger rows than checks (a row per batch); together they charge each check once, and
    // each check names a row that exists.
    const charges = await ledgerOf(tenantId, TRADE_TYPES.checkBasic);
    expect(charges.length).toBeLessThan(7);
    expect(charges.reduce((sum, c) => sum + (c.quantity ?? 0), 0)).toBe(7);
    expect(charges.every((c) => c.referenceId === jobs[0]!.id)).toBe(true);
    for (const charge of charges) {
      const covered = items.filter((i) => i.ledgerEntryId === charge.id);
      expect(covered).toHaveLength(charge.quantity!);
      expect(covered.reduce((sum, i) => sum + i.costMicros, 0n)).toBe(-charge.amountMicros);
    }
    // The last row leaves the balance at zero.
    expect(charges.map((c) => c.balanceAfterMicros)).toContain(0n);
    expect(await billing.verify(tenantId)).toEqual({ balanceMicros: 0n, ledgerSum: 0n, ok: true });
  });

  it("checks charged together that cross the low-balance threshold give one low-balance notice", async () => {
    const { tenantId, owner } = await org(price("basic") * 10n);
    await t.database.db.execute(
      sql`update accounts set low_balance_threshold_micros = ${(price("basic") * 5n).toString()}::bigint
          where tenant_id = ${tenantId}`,
    );
    const detection = detectionService(t.database.db, t.app.services.lookup, t.app.services);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        detection.check({ tenantId, userId: owner.id, service: "basic", number: FIXED }),
      ),
    );
    const lows = (await t.database.db.select().from(notices).where(eq(notices.tenantId, tenantId))).filter(
      (n) => n.type === "low_balance",
    );
    expect(lows).toHaveLength(1);
    expect(lows[0]!.params).toMatchObject({ balanceMicros: (price("basic") * 2n).toString() });
  });

  it("a batch prices each check at the month's volume reached by the checks before it", async () => {
    const { tenantId, owner } = await org();
    await twoBasicBands(t, tenantId);
    const detection = detectionService(t.database.db, t.app.services.lookup, t.app.services);
    const views = await Promise.all(
      Array.from({ length: 5 }, () =>
        detection.check({ tenantId, userId: owner.id, service: "basic", number: FIXED }),
      ),
    );
    // Whichever three reach the writer first pay the first band.
    expect(views.map((v) => v.costMicros).sort()).toEqual(["2000", "2000", "5000", "5000", "5000"]);
    const items = await t.database.db
      .select()
      .from(detectionItems)
      .where(eq(detectionItems.jobId, views[0]!.jobId));
    expect(items.map((i) => i.costMicros).sort()).toEqual([2000n, 2000n, 5000n, 5000n, 5000n]);
    // The job shows the price its latest check paid.
    expect((await jobsOf(tenantId)).map((j) => j.unitPriceMicros)).toEqual([2000n]);
    // The next single check (a new batch) is in the second band too.
    const next = await detection.check({ tenantId, userId: owner.id, service: "basic", number: FIXED });
    expect(next.costMicros).toBe("2000");
  });

  it("history lists the organisation's jobs newest first, page by page, with the submitter", async () => {
    const { as, owner } = await org();
    const ids: string[] = [];
    for (const service of ["basic", "fraud_shield", "hlr"]) {
      ids.push(
        expectOk<SingleCheckView>(
          await as("POST", "/api/tenant/detection/check", { service, number: CONNECTED }),
        ).jobId,
      );
    }
    const first = expectOk<DetectionHistoryPage>(await as("GET", "/api/tenant/detection/history?limit=2"));
    expect(first.items.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({
      service: "hlr",
      kind: "single",
      channel: "web",
      status: "completed",
      total: 1,
      chargedMicros: "0",
      sandbox: true,
      submittedBy: { id: owner.id, name: owner.name },
    });
    expect(first.items[1]).toMatchObject({ chargedMicros: price("fraud_shield").toString(), sandbox: false });
    expect(first.nextCursor).toBeTruthy();
    const second = expectOk<DetectionHistoryPage>(
      await as("GET", `/api/tenant/detection/history?limit=2&cursor=${first.nextCursor}`),
    );
    expect(second.items.map((j) => j.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();

    // Another organisation sees none of them.
    const other = await org();
    expect(
      expectOk<DetectionHistoryPage>(await other.as("GET", "/api/tenant/detection/history")).items,
    ).toEqual([]);
  });

  it("permissions: a Viewer may read history but not check; an Operator may check", async () => {
    const { tenantId, as } = await org();
    const viewer = inTenant(t, await memberWithRole(t, tenantId, "viewer"), tenantId);
    expectError(
      await viewer("POST", "/api/tenant/detection/check", { service: "basic", number: FIXED }),
      403,
      40300,
    );
    expect(await jobsOf(tenantId)).toHaveLength(0);
    expectOk(await viewer("GET", "/api/tenant/detection/history"));
    const operator = inTenant(t, await memberWithRole(t, tenantId, "operator"), tenantId);
    expectOk(await operator("POST", "/api/tenant/detection/check", { service: "basic", number: FIXED }));
    expect(
      expectOk<DetectionHistoryPage>(await as("GET", "/api/tenant/detection/history")).items,
    ).toHaveLength(1);
  });

  it("validation: unknown service, empty or overlong number, bad country, bad cursor and limit", async () => {
    const { as } = await org();
    const check = (body: object) => as("POST", "/api/tenant/detection/check", body);
    expectFieldError(await check({ service: "nope", number: FIXED }), "service", "invalid_value");
    expectFieldError(await check({ service: "basic" }), "number", "required");
    expectFieldError(await check({ service: "basic", number: "   " }), "number", "required");
    expectFieldError(await check({ service: "basic", number: "1".repeat(65) }), "number", "too_long");
    expectFieldError(
      await check({ service: "basic", number: FIXED, defaultCountry: "GBR" }),
      "defaultCountry",
      "invalid_format",
    );
    expectFieldError(await as("GET", "/api/tenant/detection/history?limit=0"), "limit", "out_of_range");
    expectFieldError(await as("GET", "/api/tenant/detection/history?cursor=garbage"), "cursor", "invalid");
  });
});
