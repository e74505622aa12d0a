import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { fundedTenant } from "./helpers/billing";
import { asLiveItems } from "./helpers/jobs";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/**
 * A real `worker run` process killed with SIGKILL in the middle of a job: the items it held come
 * back after their lease, another worker process finishes the job, and every item is checked and
 * charged exactly once. Needs PostgreSQL (two processes on one database).
 */

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CLI = fileURLToPath(new URL("../src/cli/main.ts", import.meta.url));
/** Default standard price of the basic check (band 0), in micros. */
const PRICE = 1_000n;
const ITEMS = 60_000;
const BATCH = 500;
const LEASE_SECONDS = 5;
const OPENING = 100_000_000n;

/** n distinct valid UK mobile numbers. */
const numbers = (n: number) => Array.from({ length: n }, (_, i) => `+4479111${String(i).padStart(5, "0")}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `worker run` as its own node process (node --import tsx, no wrapper: the pid is the worker's).
 */
function spawnWorker(databaseUrl: string, args: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, "worker", "run", ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WORKER_LEASE_SECONDS: String(LEASE_SECONDS),
      WORKER_BATCH: String(BATCH),
      WORKER_CONCURRENCY: "4",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  if (child.pid === undefined) throw new Error("worker process did not start");
  return { child, pid: child.pid, output: () => output, exited };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

if (!onPostgres)
  console.info("job-worker-kill.test.ts: killing a worker process needs TEST_DATABASE_URL (PostgreSQL)");

describe.skipIf(!onPostgres)("a worker process killed mid-job (PostgreSQL)", () => {
  let t: TestApp;
  const spawned: WorkerProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const w of spawned) if (isAlive(w.pid)) w.child.kill("SIGKILL");
    await Promise.all(spawned.map((w) => w.exited));
    await t?.close();
  });

  const jobRow = async (jobId: string) =>
    (
      await queryRows<{ status: string; done: number; failed: number; charged_micros: string }>(
        t.database.db,
        sql`select status, done, failed, charged_micros::text as charged_micros
            from detection_jobs where id = ${jobId}`,
      )
    )[0]!;

  /** Items of the job still queued and leased (lease not run out) to a worker. */
  const heldBy = async (jobId: string, worker: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from detection_items
            where job_id = ${jobId} and status = 'queued' and lease_owner = ${worker} and lease_until > now()`,
      )
    )[0]!.n;

  it("its leased items come back; the job completes and every item is charged exactly once", async () => {
    const databaseUrl = t.databaseUrl!;
    expect(databaseUrl).toMatch(/^postgres/);
    const { tenantId, owner, billing } = await fundedTenant(t, OPENING);
    // Submitted the way live services go (the worker checks each item; see helpers/jobs.ts).
    const liveJob = async (count: number) => {
      const jobs = t.app.jobs.service;
      const draft = await jobs.createListJob({
        tenantId,
        userId: owner.id,
        service: "basic",
        numbers: numbers(count),
        channel: "web",
        draft: true,
      });
      await asLiveItems(t, draft.id);
      return jobs.submit(tenantId, draft.id, { type: "user", id: owner.id });
    };
    // The app's own worker is never started: only the two processes below check items.
    const created = await liveJob(ITEMS);
    expect(created).toMatchObject({ status: "queued", chargeable: ITEMS, unitPriceMicros: PRICE.toString() });
    const jobId = created.id;
    const chargeable = BigInt(created.chargeable);

    // 1. The first worker process gets going: at least one chunk written and charged.
    const first = spawnWorker(databaseUrl);
    spawned.push(first);
    await until("the first chunk", 30_000, async () => {
      if (first.child.exitCode !== null) throw new Error(`worker exited early:\n${first.output()}`);
      const job = await jobRow(jobId);
      return job.done >= BATCH ? job : null;
    });
    const firstId = /(worker-[0-9a-f-]{36}) started/.exec(first.output())?.[1];
    expect(firstId, first.output()).toBeDefined();

    // 2. SIGKILL it while it holds a leased chunk. Freezing it first (SIGSTOP) makes "holds a
    // chunk" checkable: a frozen process writes nothing more, so what the database shows is what
    // the kill leaves behind. Between two chunks (nothing held) it is let go and caught again.
    let heldAtKill = 0;
    for (let attempt = 0; attempt < 100 && heldAtKill === 0; attempt++) {
      first.child.kill("SIGSTOP");
      // Whatever the process had already sent (a claim, a commit) reaches the database.
      await sleep(150);
      const job = await jobRow(jobId);
      if (job.status !== "running") throw new Error(`job ${job.status} before the kill`);
      heldAtKill = await heldBy(jobId, firstId!);
      if (heldAtKill > 0) process.kill(first.pid, "SIGKILL");
      else {
        first.child.kill("SIGCONT");
        await sleep(10 + attempt * 7);
      }
    }
    expect(heldAtKill).toBeGreaterThan(0);
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(isAlive(first.pid)).toBe(false);
    expect(first.output()).not.toContain("stopped");
    const atKill = await jobRow(jobId);
    expect(atKill.status).toBe("running");
    expect(atKill.done).toBeGreaterThanOrEqual(BATCH);
    expect(atKill.done).toBeLessThan(ITEMS);
    expect(BigInt(atKill.charged_micros)).toBe(BigInt(atKill.done) * PRICE);
    // The dead worker's items stay leased to it until the lease runs out.
    expect(await heldBy(jobId, firstId!)).toBe(heldAtKill);

    // 3. A second worker process finishes the job (the dead worker's chunk once its lease is over),
    // then stops gracefully on SIGTERM.
    const second = spawnWorker(databaseUrl);
    spawned.push(second);
    await until("the job to complete and its hold to close", 45_000, async () => {
      if (second.child.exitCode !== null) throw new Error(`worker exited early:\n${second.output()}`);
      const rows = await queryRows<{ status: string; hold: string }>(
        t.database.db,
        sql`select j.status, r.status as hold from detection_jobs j
            join reservations r on r.id = j.reservation_id where j.id = ${jobId}`,
      );
      return rows[0]?.status === "completed" && rows[0].hold === "closed" ? rows[0] : null;
    });
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.output()).toMatch(/worker-[0-9a-f-]{36} stopped \(SIGTERM/);

    // 4. Every chargeable item done exactly once, nothing queued or failed, nothing left leased.
    const items = await queryRows<{
      status: string;
      n: number;
      cost: string;
      retried: number;
      leased: number;
    }>(
      t.database.db,
      sql`select status, count(*)::int as n, sum(cost_micros)::text as cost,
                 count(*) filter (where attempts > 1)::int as retried,
                 count(*) filter (where lease_owner is not null)::int as leased
          from detection_items where job_id = ${jobId} group by status`,
    );
    expect(items).toEqual([
      { status: "done", n: ITEMS, cost: (chargeable * PRICE).toString(), retried: heldAtKill, leased: 0 },
    ]);
    // Exactly the items the dead worker held were claimed a second time.
    const attempts = await queryRows<{ max: number; second: number }>(
      t.database.db,
      sql`select max(attempts)::int as max, count(*) filter (where attempts = 2)::int as second
          from detection_items where job_id = ${jobId}`,
    );
    expect(attempts[0]).toEqual({ max: 2, second: heldAtKill });

    const job = await jobRow(jobId);
    expect(job).toEqual({
      status: "completed",
      done: ITEMS,
      failed: 0,
      charged_micros: (chargeable * PRICE).toString(),
    });
    const charged = BigInt(job.charged_micros);

    // 5. The money: settled = charged, the rest of the hold released, balance = opening - charged.
    const [hold] = await queryRows<{ id: string; reserved: string; settled: string; released: string }>(
      t.database.db,
      sql`select r.id, r.reserved_micros::text as reserved, r.settled_micros::text as settled,
                 r.released_micros::text as released
          from reservations r join detection_jobs j on j.reservation_id = r.id where j.id = ${jobId}`,
    );
    expect(BigInt(hold!.reserved)).toBe(chargeable * PRICE);
    expect(BigInt(hold!.settled)).toBe(charged);
    expect(BigInt(hold!.released)).toBe(BigInt(hold!.reserved) - charged);
    // The hold (referencing the job) and a refund of the unused part (referencing the
    // reservation, none here as all was used): together exactly the charge, nothing twice.
    const ledger = await queryRows<{ reference_id: string; amount: string }>(
      t.database.db,
      sql`select reference_id, amount_micros::text as amount from ledger_entries
          where tenant_id = ${tenantId} and reference_id in (${jobId}, ${hold!.id})`,
    );
    expect(ledger.filter((r) => r.reference_id === jobId)).toEqual([
      { reference_id: jobId, amount: (-chargeable * PRICE).toString() },
    ]);
    const refunds = ledger.filter((r) => r.reference_id === hold!.id);
    expect(refunds.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(BigInt(hold!.released));
    expect(refunds.length).toBeLessThanOrEqual(1);
    expect(ledger.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(-charged);
    expect(await billing.verify(tenantId)).toEqual({
      balanceMicros: OPENING - charged,
      ledgerSum: OPENING - charged,
      ok: true,
    });

    // 6. `worker run --once` drains what is queued (a small second job), then exits 0.
    const small = await liveJob(1_200);
    const once = spawnWorker(databaseUrl, ["--once"]);
    spawned.push(once);
    expect(await once.exited).toEqual({ code: 0, signal: null });
    expect(once.output()).toMatch(/stopped \(queue empty, after [\d.]+ s, 1200 items\)/);
    expect(await jobRow(small.id)).toEqual({
      status: "completed",
      done: 1_200,
      failed: 0,
      charged_micros: (1_200n * PRICE).toString(),
    });
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: OPENING - charged - 1_200n * PRICE,
      ok: true,
    });
  }, 90_000);
});
