/**
 * Workers that scale: one HLR job of distinct UK mobile numbers worked by one job-worker process,
 * then another such job by two processes at once, on one PostgreSQL database. Each process is the
 * product's worker (`createJobRuntime`, as `worker run` makes it) with its own provider limits
 * (LOOKUP_CONCURRENCY per process), against a fake provider answering in 150 ms (1 % retryable
 * errors): the work waits on the provider, not the CPU, so a second process should nearly double
 * the rate. Prints each rate (steady state, 10 % to 90 % of the job), the ratio of two to one, and
 * the money check of each job (bench/lib/job-money.ts, and each number answered once), with "met" or "NOT met" against the goal (docs/performance.md, "Several server
 * processes").
 *
 * Run: npx tsx bench/workers.ts [numbers=40000] [concurrency=50]
 *      BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), LATENCY_MS=150-150
 */
import { spawn } from "node:child_process";
import { basicCheck } from "@nc/numcheck/basic-check";
import { sql } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config";
import type { Db } from "../apps/server/src/core/db";
import { openDatabase } from "../apps/server/src/db/client";
import { queryRows } from "../apps/server/src/db/query";
import { createJobRuntime } from "../apps/server/src/features/job/runtime";
import { createLookups } from "../apps/server/src/features/lookup/lookup-provider";
import { coreServices } from "../apps/server/src/services";
import { freshBenchDatabase } from "./lib/bench-database";
import { benchOrganisation } from "./lib/bench-organisation";
import { FakeHlrProvider } from "./lib/fake-hlr-provider";
import { jobMoney } from "./lib/job-money";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const [MIN_MS, MAX_MS] = (process.env.LATENCY_MS ?? "150-150").split("-").map(Number) as [number, number];
const GOAL_RATIO = 1.5;

const configFor = (url: string, concurrency: number) =>
  loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: url,
    LOOKUP_CONCURRENCY: String(concurrency),
    WORKER_CONCURRENCY: "0",
  });

const runtimeFor = (db: Db, url: string, concurrency: number, fake: FakeHlrProvider) => {
  const config = configFor(url, concurrency);
  const lookups = createLookups(db, config, undefined, [fake]);
  return createJobRuntime(db, coreServices(db), config, undefined, lookups.lookup);
};

/** A worker process: drains every job's items, then prints what its provider was asked. */
async function child(url: string, concurrency: number) {
  const database = await openDatabase({ url, dataDir: "" });
  const fake = new FakeHlrProvider({ minMs: MIN_MS, maxMs: MAX_MS, errorRate: 0.01 });
  const runtime = runtimeFor(database.db, url, concurrency, fake);
  await runtime.worker.drain(Number.POSITIVE_INFINITY);
  console.log(JSON.stringify({ calls: fake.calls, answered: fake.answered, errors: fake.errors }));
  await database.close();
}

function startWorker(url: string, concurrency: number): Promise<{ calls: number; answered: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ["--import", "tsx", "bench/workers.ts", "child", url, String(concurrency)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    proc.stdout.on("data", (chunk) => (out += String(chunk)));
    proc.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`worker exited with ${code}`));
      resolve(JSON.parse(out.trim().split("\n").at(-1)!));
    });
  });
}

async function main() {
  const numbers = Number(process.argv[2] ?? 40_000);
  const concurrency = Number(process.argv[3] ?? 50);
  const fresh = await freshBenchDatabase(ADMIN_URL);
  const database = await openDatabase({ url: fresh.url, dataDir: "" });
  const { db } = database;
  const { tenantId, userId } = await benchOrganisation(db, BigInt(numbers) * 2n * 100_000n);
  const jobs = runtimeFor(
    db,
    fresh.url,
    concurrency,
    new FakeHlrProvider({ minMs: 0, maxMs: 0, errorRate: 0 }),
  ).service;
  const limit = concurrency / (((MIN_MS + MAX_MS) / 2) * 0.001);
  console.log(
    `PostgreSQL; ${numbers.toLocaleString("en")} numbers a job; provider concurrency ${concurrency} per process, ` +
      `latency ${MIN_MS}-${MAX_MS} ms, 1 % errors; one process's limit ${Math.round(limit)}/s`,
  );
  const rates: number[] = [];
  let moneyOk = true;
  for (const [round, processes] of [1, 2].entries()) {
    const list = Array.from({ length: numbers }, (_, i) => `+447${round + 4}00${String(i).padStart(6, "0")}`);
    if (!basicCheck(list[0]!, { carrier: false, geo: false }).qualifiesForHlr)
      throw new Error("numbers do not qualify");
    const draft = await jobs.createListJob({
      tenantId,
      userId,
      service: "hlr",
      channel: "web",
      numbers: list,
      draft: true,
    });
    await jobs.submit(tenantId, draft.id, { type: "user", id: userId });
    const progress: { at: number; done: number }[] = [];
    const started = performance.now();
    const workers = Array.from({ length: processes }, () => startWorker(fresh.url, concurrency));
    const poll = setInterval(async () => {
      const [row] = await queryRows<{ done: number }>(
        db,
        sql`select done + failed as done from detection_jobs where id = ${draft.id}`,
      );
      progress.push({ at: (performance.now() - started) / 1000, done: row?.done ?? 0 });
    }, 250);
    const asked = await Promise.all(workers);
    clearInterval(poll);
    const at = (share: number) => progress.find((p) => p.done >= numbers * share) ?? progress.at(-1)!;
    const [p10, p90] = [at(0.1), at(0.9)];
    const rate = (p90.done - p10.done) / Math.max(p90.at - p10.at, 0.001);
    rates.push(rate);

    const money = await jobMoney(db, tenantId, draft.id, numbers);
    const answered = asked.reduce((sum, a) => sum + a.answered, 0);
    const checks = { ...money.checks, "each number answered once (answers = done)": answered === money.done };
    console.log(
      `${processes} worker process${processes > 1 ? "es" : ""}: ${Math.round(rate)}/s steady (10-90 %), ` +
        `${money.done} done, ${money.failed} failed, provider answers ${answered} (${asked.map((a) => a.answered).join(" + ")})`,
    );
    for (const [check, ok] of Object.entries(checks)) {
      console.log(`  ${ok ? "ok  " : "FAIL"} ${check}`);
      moneyOk &&= ok;
    }
  }
  const ratio = rates[1]! / rates[0]!;
  console.log(`ratio two processes / one: ${ratio.toFixed(2)}`);
  console.log(`goal: two workers >= ${GOAL_RATIO}x one: ${ratio >= GOAL_RATIO ? "met" : "NOT met"}`);
  console.log(`goal: each number charged exactly once: ${moneyOk ? "met" : "NOT met"}`);
  await database.close();
  await fresh.drop();
}

if (process.argv[2] === "child") {
  child(process.argv[3]!, Number(process.argv[4])).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
