import type { JobView } from "@nc/contracts/jobs";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { SandboxProvider } from "@nc/numcheck/providers/sandbox";
import { LookupError, type LookupProvider, providerFrom } from "@nc/numcheck/types";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { ledgerEntries, reservations } from "../src/db/schema/index";
import { jobService } from "../src/features/job/job-service";
import { defaultProcessor, type ItemProcessor } from "../src/features/job/process-item";
import { createJobRuntime, workerConcurrency } from "../src/features/job/runtime";
import { jobWorker, type WorkerOptions } from "../src/features/job/worker";
import { createLookups } from "../src/features/lookup/lookup-provider";
import { expectError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { submitAsLive } from "./helpers/jobs";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/** The real checks, for test processors that add failures or delays around them. */
const real = defaultProcessor();

/** Default standard price of the basic check (band 0), in micros. */
const PRICE = 1_000n;

/** n distinct valid UK mobile numbers. */
const numbers = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `+4479111${String(from + i).padStart(5, "0")}`);

const workerFor = (
  t: TestApp,
  processor?: ItemProcessor,
  id?: string,
  batch = 50,
  options: Partial<WorkerOptions> = {},
) =>
  jobWorker(t.database.db, t.app.services, t.app.jobs.service, processor ?? t.app.jobs.processor, {
    batch,
    concurrency: 4,
    leaseSeconds: 60,
    id,
    ...options,
  });

async function ledger(t: TestApp, tenantId: string) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tenantId, tenantId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

function setup(t: TestApp, micros = 1_000_000n) {
  return fundedTenant(t, micros);
}

describe("bulk jobs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOB_MAX_CONCURRENT: "2", JOB_MAX_ROWS: "500" });
  });
  afterAll(() => t.close());

  it("duplicates and invalid numbers are rejected with a reason and not charged", async () => {
    const { tenantId, api, billing } = await setup(t);
    const list = ["+447911123456", "07911 123456", "12", "+447700900001", "+447911123457", "not a phone"];
    const job = await submitAsLive<JobView>(t, api, {
      service: "basic",
      numbers: list,
      defaultCountry: "gb",
    });
    expect(job).toMatchObject({
      status: "queued",
      total: 6,
      chargeable: 2,
      duplicates: 1,
      invalid: 3,
      done: 0,
    });

    const items = expectOk<{ items: { seq: number; status: string; rejectReason: string | null }[] }>(
      await api("GET", `/api/tenant/job/s/${job.id}/items?status=rejected`),
    ).items;
    expect(items.map((i) => [i.seq, i.rejectReason])).toEqual([
      [1, "duplicate"],
      [2, "invalid:too_short"],
      [3, "invalid:invalid_for_region"],
      [5, "invalid:not_a_number"],
    ]);

    // The hold covers only the two chargeable numbers and says why the rest is not charged.
    const rows = await ledger(t, tenantId);
    const hold = rows.find((r) => r.tradeType === TRADE_TYPES.dataWebDetection)!;
    expect(hold.amountMicros).toBe(-2n * PRICE);
    expect(hold.quantity).toBe(2);
    expect(hold.referenceId).toBe(job.id);
    expect(hold.note).toContain("not charged: duplicates 1, invalid 3");

    // One of the two fails: its share comes back with a release row that says why.
    const failing: ItemProcessor = {
      sandbox: () => false,
      process: async (item) => {
        if (item.e164 === "+447911123457") throw new Error("upstream down");
        return real.process({ ...item, service: "basic" });
      },
    };
    const worker = jobWorker(t.database.db, t.app.services, t.app.jobs.service, failing, {
      batch: 10,
      concurrency: 2,
      leaseSeconds: 60,
      maxAttempts: 2,
    });
    await worker.drain();
    const done = expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`));
    expect(done).toMatchObject({
      status: "completed",
      done: 1,
      failed: 1,
      remaining: 0,
      chargedMicros: "1000",
    });
    const refund = (await ledger(t, tenantId)).find((r) => r.tradeType === TRADE_TYPES.refund)!;
    expect(refund.amountMicros).toBe(PRICE);
    expect(refund.note).toMatch(/checked 1; not charged: failed 1, cancelled 0, duplicates 1, invalid 3$/);
    expect(refund).toMatchObject({
      noteKey: "jobCompleted",
      noteParams: { checked: 1, failed: 1, cancelled: 0, duplicates: 1, invalid: 3 },
    });
    expect(await billing.verify(tenantId)).toEqual({
      balanceMicros: 1_000_000n - PRICE,
      ledgerSum: 1_000_000n - PRICE,
      ok: true,
    });
  });

  it("an item slower than stragglerMs frees its lane: the rest of its round is written first, the slow one after, each charged once", async () => {
    const { tenantId, api, billing } = await setup(t);
    const list = numbers(12, 700);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const seen = { inFlight: 0, most: 0 };
    const oneSlow: ItemProcessor = {
      sandbox: () => false,
      process: async (item) => {
        seen.inFlight += 1;
        seen.most = Math.max(seen.most, seen.inFlight);
        try {
          await (item.e164 === list[0] ? gate : new Promise((r) => setTimeout(r, 5)));
          return await real.process({ ...item, service: "basic" });
        } finally {
          seen.inFlight -= 1;
        }
      },
    };
    const job = await submitAsLive<JobView>(t, api, { service: "basic", numbers: list });
    const worker = workerFor(t, oneSlow, undefined, 50, { concurrency: 2, stragglerMs: 30 });
    const drained = worker.drain();
    const view = async () => expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`));
    // The other eleven went through the two lanes and were written while the slow one is out.
    await expect.poll(async () => (await view()).done, { timeout: 10_000 }).toBe(11);
    expect((await view()).status).toBe("running");
    expect(seen.most).toBeLessThanOrEqual(3);
    open();
    await drained;
    expect(await view()).toMatchObject({ status: "completed", done: 12, chargedMicros: String(12n * PRICE) });
    expect(await billing.verify(tenantId)).toMatchObject({
      ok: true,
      balanceMicros: 1_000_000n - 12n * PRICE,
    });
  });

  it("an open breaker defers the item without spending an attempt: it waits for the provider, then is done", async () => {
    const { tenantId, api, billing } = await setup(t);
    const list = numbers(3, 800);
    let refusals = 0;
    // The provider's breaker refuses the first five tries of the first number (it is not asked).
    const breakerOpen: ItemProcessor = {
      sandbox: () => false,
      process: async (item) => {
        if (item.e164 === list[0] && refusals < 5) {
          refusals += 1;
          throw new LookupError(
            "circuit open: upstream failing, next try in 100 ms",
            "circuit_open",
            true,
            100,
          );
        }
        return real.process({ ...item, service: "basic" });
      },
    };
    const job = await submitAsLive<JobView>(t, api, { service: "basic", numbers: list });
    const worker = workerFor(t, breakerOpen, undefined, 10, { concurrency: 2, maxAttempts: 2 });
    const started = Date.now();
    await worker.drain();
    // Five refusals, each waited for (at least a second each: the shortest deferral).
    expect(refusals).toBe(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    expect(expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`))).toMatchObject({
      status: "completed",
      done: 3,
      failed: 0,
      chargedMicros: String(3n * PRICE),
    });
    const [row] = await queryRows<{ attempts: number }>(
      t.database.db,
      sql`select attempts from detection_items where job_id = ${job.id} and e164 = ${list[0]}`,
    );
    expect(row!.attempts).toBe(1);
    expect(await billing.verify(tenantId)).toMatchObject({ ok: true });
  }, 30_000);

  it("progress counters move per chunk; completion settles the work and closes the hold", async () => {
    const { tenantId, api, billing } = await setup(t);
    const job = await submitAsLive<JobView>(t, api, { service: "basic", numbers: numbers(120) });
    expect(job).toMatchObject({ total: 120, chargeable: 120, remaining: 120, percent: 0, timeLeft: null });
    const worker = workerFor(t, undefined, undefined, 50);
    expect(await worker.runOnce()).toBe(50);
    const mid = expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`));
    expect(mid).toMatchObject({
      status: "running",
      done: 50,
      remaining: 70,
      percent: 41,
      chargedMicros: "50000",
    });
    expect(mid.rate).toBeGreaterThan(0);
    expect(mid.timeLeft).toBeGreaterThanOrEqual(0);
    await worker.drain();
    const end = expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`));
    expect(end).toMatchObject({ status: "completed", done: 120, remaining: 0, percent: 100, timeLeft: 0 });
    expect(end.chargedMicros).toBe((120n * PRICE).toString());

    const page = expectOk<{
      items: { seq: number; status: string; result: { basic: { valid: boolean } } }[];
      nextCursor: number;
    }>(await api("GET", `/api/tenant/job/s/${job.id}/items?limit=100`));
    expect(page.items).toHaveLength(100);
    expect(page.items.every((i) => i.status === "done" && i.result.basic.valid === true)).toBe(true);
    const rest = expectOk<{ items: unknown[]; nextCursor: number | null }>(
      await api("GET", `/api/tenant/job/s/${job.id}/items?limit=100&cursor=${page.nextCursor}`),
    );
    expect(rest.items).toHaveLength(20);

    // Everything used: the hold is fully settled, nothing to give back, no refund row.
    const [hold] = await t.database.db.select().from(reservations).where(eq(reservations.tenantId, tenantId));
    expect(hold).toMatchObject({ status: "closed", settledMicros: 120n * PRICE, releasedMicros: 0n });
    expect((await ledger(t, tenantId)).some((r) => r.tradeType === TRADE_TYPES.refund)).toBe(false);
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 1_000_000n - 120n * PRICE,
      ok: true,
    });

    // The submitter is told once, in their language, with the service named.
    const notices = expectOk<{ data: { type: string; title: string; content: string }[] }>(
      await api("GET", "/api/tenant/notice"),
    ).data.filter((n) => n.type === "job_completed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe("Basic check job finished");
    expect(notices[0]!.content).toContain("120 of 120");
    await worker.drain();
    expect(
      expectOk<{ data: { type: string }[] }>(await api("GET", "/api/tenant/notice")).data.filter(
        (n) => n.type === "job_completed",
      ),
    ).toHaveLength(1);
  });

  it("cancel rejects what is left and releases the unused funds at once", async () => {
    const { tenantId, api, billing } = await setup(t);
    const job = await submitAsLive<JobView>(t, api, { service: "basic", numbers: numbers(30) });
    await workerFor(t, undefined, undefined, 10).runOnce();
    const cancelled = expectOk<JobView>(await api("POST", `/api/tenant/job/s/${job.id}/cancel`));
    expect(cancelled).toMatchObject({ status: "cancelled", done: 10, remaining: 0 });
    const refund = (await ledger(t, tenantId)).find((r) => r.tradeType === TRADE_TYPES.refund)!;
    expect(refund.amountMicros).toBe(20n * PRICE);
    expect(refund.note).toContain(`job ${job.id} cancelled: checked 10; not charged: failed 0, cancelled 20`);
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 1_000_000n - 10n * PRICE,
      ok: true,
    });
    // Nothing more happens: the worker finds nothing, a second cancel is refused.
    expect(await workerFor(t).drain()).toBe(0);
    expectError(await api("POST", `/api/tenant/job/s/${job.id}/cancel`), 409, 40903);
    const rejected = expectOk<{ items: { rejectReason: string }[] }>(
      await api("GET", `/api/tenant/job/s/${job.id}/items?status=rejected&limit=100`),
    ).items;
    expect(rejected).toHaveLength(20);
    expect(rejected.every((i) => i.rejectReason === "cancelled")).toBe(true);
  });

  it("an insufficient balance refuses the job and creates nothing", async () => {
    const { tenantId, api, billing } = await setup(t, 5n * PRICE);
    const res = await api("POST", "/api/tenant/job", { service: "basic", numbers: numbers(6) });
    const envelope = expectError<{ missingMicros: string }>(res, 402, 40200);
    expect(envelope.data.missingMicros).toBe(PRICE.toString());
    const jobs = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from detection_jobs where tenant_id = ${tenantId}`,
    );
    expect(jobs[0]!.n).toBe(0);
    expect(await billing.verify(tenantId)).toMatchObject({ balanceMicros: 5n * PRICE, ok: true });
  });

  it("limits: rows per job and open jobs per organisation, with clear errors", async () => {
    const { tenantId, api, billing } = await setup(t);
    const tooMany = expectError<{ max: number; count: number }>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: numbers(501) }),
      400,
      40041,
    );
    expect(tooMany.data).toEqual({ max: 500, count: 501 });
    expect(tooMany.msg).toContain("500");

    // HLR jobs wait for the worker (basic ones complete when submitted), so they stay open.
    const first = expectOk<JobView>(
      await api("POST", "/api/tenant/job", { service: "hlr", numbers: numbers(2) }),
    );
    expectOk(await api("POST", "/api/tenant/job", { service: "hlr", numbers: numbers(2, 10) }));
    const limited = expectError(
      await api("POST", "/api/tenant/job", { service: "hlr", numbers: numbers(2, 20) }),
      400,
      40042,
    );
    expect(limited.msg).toContain("2");
    // Cancelling one frees a place.
    expectOk(await api("POST", `/api/tenant/job/s/${first.id}/cancel`));
    expectOk(await api("POST", "/api/tenant/job", { service: "hlr", numbers: numbers(2, 30) }));
    expect((await billing.verify(tenantId)).ok).toBe(true);

    // The JSON list route stops at 100,000 numbers whatever JOB_MAX_ROWS allows.
    const service = jobService(
      t.database.db,
      { maxRows: 10_000_000, maxConcurrent: 5 },
      t.app.jobs.processor,
      t.app.services,
    );
    await expect(
      service.createListJob({
        tenantId,
        userId: (await setup(t)).owner.id,
        service: "basic",
        numbers: numbers(3),
        channel: "web",
        maxRows: 2,
      }),
    ).rejects.toMatchObject({ key: "jobTooManyRows" });
  });

  it("a list with nothing to charge completes at once; a sandbox HLR job holds no money", async () => {
    const { tenantId, api, billing } = await setup(t);
    const nothing = expectOk<JobView & { startedAt: string | null; createdAt: string }>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: ["12", "abc"] }),
    );
    expect(nothing).toMatchObject({ status: "completed", chargeable: 0, invalid: 2, percent: 100 });
    expect(new Date(nothing.createdAt).toISOString()).toBeTruthy();
    const hlr = expectOk<JobView & { sandbox: boolean }>(
      await api("POST", "/api/tenant/job", { service: "hlr", numbers: numbers(3) }),
    );
    expect(hlr).toMatchObject({ status: "queued", chargeable: 3, sandbox: true });
    await workerFor(t).drain();
    const items = expectOk<{ items: { result: { hlr: { source: string } }; costMicros: string }[] }>(
      await api("GET", `/api/tenant/job/s/${hlr.id}/items`),
    ).items;
    expect(items.map((i) => [i.result.hlr.source, i.costMicros])).toEqual(Array(3).fill(["sandbox", "0"]));
    expect(await billing.verify(tenantId)).toMatchObject({ balanceMicros: 1_000_000n, ok: true });
  });

  it("numbers answered while reading are charged when submitted; the job completes without a worker", async () => {
    const { tenantId, api, billing } = await setup(t);
    const job = expectOk<JobView>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: [...numbers(50, 1_000), "12"] }),
    );
    expect(job).toMatchObject({ status: "completed", done: 50, invalid: 1, percent: 100, remaining: 0 });
    expect(job.chargedMicros).toBe((50n * PRICE).toString());
    expect(await workerFor(t).drain()).toBe(0);
    const rows = (await ledger(t, tenantId)).filter((r) => r.referenceId === job.id);
    expect(rows.map((r) => [r.tradeType, r.amountMicros])).toEqual([
      [TRADE_TYPES.dataWebDetection, -50n * PRICE],
    ]);
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 1_000_000n - 50n * PRICE,
      ok: true,
    });
  });

  it("another organisation's job is not found", async () => {
    const a = await setup(t);
    const b = await setup(t);
    const job = expectOk<JobView>(
      await a.api("POST", "/api/tenant/job", { service: "basic", numbers: numbers(1) }),
    );
    expectError(await b.api("GET", `/api/tenant/job/s/${job.id}`), 404, 40400);
    expectError(await b.api("POST", `/api/tenant/job/s/${job.id}/cancel`), 404, 40400);
    expectError(await b.api("GET", `/api/tenant/job/s/${job.id}/items`), 404, 40400);
  });

  it("the job repository reads and changes a job only under its own organisation's id", async () => {
    const a = await setup(t);
    const b = await setup(t);
    const draft = expectOk<JobView>(
      await a.api("POST", "/api/tenant/job", { service: "basic", numbers: numbers(3), draft: true }),
    );
    const repo = t.app.jobs.service.repo;
    const { id } = draft;
    const counts = await repo.statusCounts(a.tenantId, id);
    expect(counts.reduce((sum, c) => sum + c.n, 0)).toBe(3);
    // Another organisation's id finds nothing, counts nothing and changes nothing.
    expect(await repo.statusCounts(b.tenantId, id)).toEqual([]);
    expect(await repo.facetCounts(b.tenantId, id, "reject_reason", 5)).toEqual([]);
    expect(await repo.hasQueued(t.database.db, b.tenantId, id)).toBe(false);
    await repo.insertItems(t.database.db, b.tenantId, id, [
      { seq: 99, input: "x", e164: null, status: "rejected", rejectReason: "invalid" },
    ]);
    await repo.setStatus(t.database.db, b.tenantId, id, "cancelled");
    await repo.deleteJob(b.tenantId, id);
    await t.database.db.transaction(async (tx) => {
      expect(await repo.lockJob(tx, b.tenantId, id)).toBeUndefined();
      expect(await repo.rejectQueued(tx, b.tenantId, id, "cancelled")).toBe(0);
    });
    // The owner's id still sees the job as it was.
    expect(await repo.statusCounts(a.tenantId, id)).toEqual(counts);
    expect((await repo.job(a.tenantId, id))?.status).toBe("draft");
  });
});

if (!onPostgres)
  console.info("jobs.test.ts: concurrent workers and lease expiry need TEST_DATABASE_URL (PostgreSQL)");

/** Several workers on real connections: only PostgreSQL can race. */
describe.skipIf(!onPostgres)("bulk jobs under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function itemCounts(jobId: string) {
    return queryRows<{ status: string; n: number; cost: string; max_attempts: number }>(
      t.database.db,
      sql`select status, count(*)::int as n, sum(cost_micros)::text as cost, max(attempts)::int as max_attempts
          from detection_items where job_id = ${jobId} group by status`,
    );
  }

  it("two workers share one job without doing any item twice; charged = done x price", async () => {
    const { tenantId, api, billing } = await setup(t);
    const job = await submitAsLive<JobView>(t, api, { service: "basic", numbers: numbers(400) });
    const seen = new Map<string, number>();
    const counting = (): ItemProcessor => ({
      sandbox: () => false,
      async process(item) {
        seen.set(item.e164, (seen.get(item.e164) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 1));
        return real.process({ ...item, service: "basic" });
      },
    });
    const [a, b] = await Promise.all([
      workerFor(t, counting(), "a", 20).drain(),
      workerFor(t, counting(), "b", 20).drain(),
    ]);
    expect(a + b).toBe(400);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(seen.size).toBe(400);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);

    const end = expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`));
    expect(end).toMatchObject({ status: "completed", done: 400 });
    expect(BigInt(end.chargedMicros)).toBe(400n * PRICE);
    expect(await itemCounts(job.id)).toEqual([
      { status: "done", n: 400, cost: (400n * PRICE).toString(), max_attempts: 1 },
    ]);
    const [hold] = await t.database.db.select().from(reservations).where(eq(reservations.tenantId, tenantId));
    expect(hold).toMatchObject({ status: "closed", settledMicros: 400n * PRICE });
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 1_000_000n - 400n * PRICE,
      ok: true,
    });
  });

  it("a dead worker's expired lease is picked up; every item is charged exactly once", async () => {
    const { tenantId, api, billing } = await setup(t);
    const job = await submitAsLive<JobView>(t, api, { service: "basic", numbers: numbers(60) });
    // A worker claims 25 items and dies without finishing them.
    const claimed = await t.app.jobs.service.repo.claimAnyOrganisation("dead-worker", 25, 600);
    expect(claimed).toHaveLength(25);
    // While the lease holds, another worker only gets the rest.
    const live = workerFor(t, undefined, "live", 100);
    expect(await live.drain()).toBe(35);
    expect(expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`))).toMatchObject({
      status: "running",
      done: 35,
    });
    // The lease runs out: the items are claimable again and the job completes.
    await t.database.db.execute(
      sql`update detection_items set lease_until = now() - interval '1 second'
          where job_id = ${job.id} and lease_owner = 'dead-worker'`,
    );
    expect(await live.drain()).toBe(25);
    // The dead worker coming back late cannot write or charge anything.
    const late = await t.database.db.transaction((tx) =>
      t.app.jobs.service.repo.finishItems(
        tx,
        "dead-worker",
        tenantId,
        job.id,
        PRICE,
        claimed.map((c) => ({ seq: c.seq, status: "done" as const, result: {}, facets: null })),
      ),
    );
    expect(late).toEqual({ done: 0, failed: 0, costMicros: 0n });

    const end = expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`));
    expect(end).toMatchObject({ status: "completed", done: 60, chargedMicros: (60n * PRICE).toString() });
    expect(await itemCounts(job.id)).toMatchObject([
      { status: "done", n: 60, cost: (60n * PRICE).toString() },
    ]);
    const charges = (await ledger(t, tenantId)).filter((r) => r.referenceId === job.id);
    expect(charges).toHaveLength(1);
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 1_000_000n - 60n * PRICE,
      ok: true,
    });
  });

  it("cancel while two workers run: balance = ledger, nothing charged after the cancel", async () => {
    const { tenantId, api, billing } = await setup(t);
    const job = await submitAsLive<JobView>(t, api, { service: "basic", numbers: numbers(300) });
    const slow: ItemProcessor = {
      sandbox: () => false,
      process: async (item) => {
        await new Promise((r) => setTimeout(r, 2));
        return real.process({ ...item, service: "basic" });
      },
    };
    const running = Promise.all([workerFor(t, slow, "c1", 10).drain(), workerFor(t, slow, "c2", 10).drain()]);
    await new Promise((r) => setTimeout(r, 30));
    expectOk(await api("POST", `/api/tenant/job/s/${job.id}/cancel`));
    await running;
    const end = expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`));
    expect(end.status).toBe("cancelled");
    expect(BigInt(end.chargedMicros)).toBe(BigInt(end.done) * PRICE);
    const [hold] = await t.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.tenantId, tenantId), eq(reservations.status, "closed")));
    expect(hold!.settledMicros).toBe(BigInt(end.done) * PRICE);
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 1_000_000n - BigInt(end.done) * PRICE,
      ok: true,
    });
  });
});

describe("worker lanes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("claims the next batch while a round's slowest item is still out, so lanes never wait for it", async () => {
    const { tenantId, api, billing } = await setup(t);
    const job = await submitAsLive<JobView>(t, api, { service: "basic", numbers: numbers(30) });
    let othersDone = 0;
    let slowSawOthersDone = false;
    const processor: ItemProcessor = {
      sandbox: () => false,
      async process(item) {
        if (item.e164 === numbers(1)[0]) {
          // The first item of the first batch answers only once every other item has (or after 2 s):
          // a worker that waited for each round's last item would claim nothing more meanwhile.
          const until = Date.now() + 2_000;
          while (othersDone < 29 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
          slowSawOthersDone = othersDone === 29;
        } else {
          await new Promise((r) => setTimeout(r, 2));
          othersDone += 1;
        }
        return real.process({ ...item, service: "basic" });
      },
    };
    expect(await workerFor(t, processor, undefined, 5).drain()).toBe(30);
    expect(slowSawOthersDone).toBe(true);
    const end = expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`));
    expect(end).toMatchObject({ status: "completed", done: 30, chargedMicros: (30n * PRICE).toString() });
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 1_000_000n - 30n * PRICE,
      ok: true,
    });
  });

  it("sized from the providers, one organisation's HLR job keeps the operator's provider concurrency busy", async () => {
    const { tenantId, owner, billing } = await setup(t);
    let inFlight = 0;
    let most = 0;
    const provider: LookupProvider = providerFrom(
      { name: "slow", sandbox: false, answers: ["hlr", "mnp"] },
      {
        async hlr(e164) {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 30));
          inFlight -= 1;
          return {
            ...(await new SandboxProvider().lookup("hlr", "+447700900000")),
            e164,
            source: "live",
            provider: "slow",
          };
        },
        async mnp() {
          throw new LookupError("not asked", "rejected", false);
        },
      },
    );
    const config = { ...t.app.services.config, LOOKUP_CONCURRENCY: "12", WORKER_CONCURRENCY: 0 };
    const runtime = createJobRuntime(
      t.database.db,
      t.app.services,
      config,
      undefined,
      createLookups(t.database.db, config, undefined, [provider]).lookup,
    );
    expect(runtime.worker.concurrency).toBe(12);
    // WORKER_CONCURRENCY, when set, is the operator's word; a provider without a bound gets 4 lanes.
    expect(workerConcurrency({ WORKER_CONCURRENCY: 3 }, provider)).toBe(3);
    expect(workerConcurrency({ WORKER_CONCURRENCY: 0 }, provider)).toBe(4);
    const hlr = Array.from({ length: 48 }, (_, i) => `+447400${String(i).padStart(6, "0")}`);
    const job = await runtime.service.createListJob({
      tenantId,
      userId: owner.id,
      service: "hlr",
      channel: "web",
      numbers: hlr,
    });
    expect(job.status).toBe("queued");
    expect(await runtime.worker.drain()).toBe(48);
    // Every slot the operator gave the provider, none of them held back for other organisations.
    expect(most).toBe(12);
    const end = await runtime.service.status(tenantId, job.id);
    const price = BigInt(end.chargedMicros) / 48n;
    expect(end).toMatchObject({ status: "completed", done: 48 });
    expect(price).toBeGreaterThan(0n);
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 1_000_000n - 48n * price,
      ok: true,
    });
  });
});
