/**
 * The whole bulk pipeline vs the engine alone, for the basic check (not a test):
 *   upload (a CSV streamed into a draft job) -> submit (reserve) -> worker (check, store, settle)
 *   -> download (the results CSV streamed out),
 * on the embedded database (PGlite on disk, as `npm start` runs it) or on PostgreSQL when
 * BENCH_DATABASE_URL is set (a fresh database is created and dropped). Prints numbers per second
 * of each stage, of the whole, of the engine alone on the same inputs (run before the pipeline and
 * again after it, the ratio against the mean of the two), and the peak RSS.
 *
 * Run: npx tsx bench/pipeline.ts [rows=1000000]
 *      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/pipeline.ts 1000000
 * BENCH_CPU_PROFILE=<file> writes a CPU profile of the upload.
 * BENCH_CRM=1 uploads a CRM export instead (name, e-mail, number, company, city, created) whose
 * other columns are kept for the results file; BENCH_KEEP_COLUMNS=0 turns keeping them off.
 *
 * It runs itself again in a child process with the server's V8 settings (node-memory.ts), so
 * memory and speed are the server's; after each stage it prints that stage's peak RSS and what V8
 * and the embedded database hold. It ends with "met" or "NOT met" for the goals
 * (docs/performance.md, "Bulk pipeline vs the engine"): upload -> downloadable at least half the
 * engine's speed, peak RSS under 512 MB.
 */

import { spawnSync } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getHeapSpaceStatistics } from "node:v8";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { basicCheck } from "@nc/numcheck/basic-check";
import { sql } from "drizzle-orm";
import { type CountryCode, getExampleNumber } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { queryRows } from "../apps/server/src/db/query";
import { jobFile } from "../apps/server/src/features/job/job-export";
import { jobWorker } from "../apps/server/src/features/job/worker";
import { SERVER_V8_FLAGS, serverNodeOptions } from "../apps/server/src/node-memory";
import { registerUser } from "../apps/server/test/helpers/accounts";
import { createTenant } from "../apps/server/test/helpers/tenancy";
import { createPgliteOnce, freshBenchDatabase } from "./lib/bench-database";

const ROWS = Number(process.argv[2] ?? 1_000_000);
const GOAL_RATIO = 0.5;
const GOAL_PEAK_MB = 512;
const CRM = process.env.BENCH_CRM === "1";
const FIRST = "James Mary Wei Ana João Carlos Li Sofia Ahmed Yuki Olga Chidi".split(" ");
const LAST = "Smith García Wang Silva Müller Rossi Kim Dubois Nowak Okafor Tanaka".split(" ");

/** A CRM export's line around the number (its name, e-mail, company, city, a date). */
function crmLine(i: number, number: string): string {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  const email = `${first}.${last}${i}@example.com`.toLowerCase();
  const day = `2025-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
  return `"${last}, ${first}",${email},${number},Company ${i % 997} Ltd,City ${i % 211},${day}\n`;
}
const REGIONS =
  "CN IN US BR GB ES PT MX DE FR IT NL PL SE RU TR JP KR AU ZA NG EG AR CO CA ID PH TH VN".split(
    " ",
  ) as CountryCode[];

/** Distinct inputs: each region's example mobile with a counter in its last six digits. */
function* inputs(count: number) {
  const bases = REGIONS.map((r) => {
    const e = getExampleNumber(r, examples)!;
    return { cc: e.countryCallingCode, head: e.nationalNumber.slice(0, -6) };
  });
  for (let i = 0; i < count; i++) {
    const b = bases[i % bases.length]!;
    yield `+${b.cc}${b.head}${String(Math.floor(i / bases.length)).padStart(6, "0")}`;
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;
let peakRss = 0;
let stagePeak = 0;
let atPeak = "";
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  if (m.rss > stagePeak) {
    const spaces = getHeapSpaceStatistics()
      .filter((space) => space.space_used_size > 5 * 1024 ** 2)
      .map((space) => `${space.space_name} ${mb(space.space_used_size)}`);
    atPeak = `V8 heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)} (${spaces.join(", ")}), buffers ${mb(m.arrayBuffers)}`;
  }
  stagePeak = Math.max(stagePeak, m.rss);
}, 100);

/** The embedded database's WebAssembly memory, when the run is on PGlite (it never shrinks). */
let wasmBytes: () => number | undefined = () => undefined;

/** Where the memory is after a stage: its peak RSS, and what V8 and the database hold now. */
function memoryLine(label: string): void {
  const m = process.memoryUsage();
  stagePeak = Math.max(stagePeak, m.rss);
  const wasm = wasmBytes();
  console.log(
    `  memory after ${label}: peak RSS ${mb(stagePeak)}${atPeak ? ` (then: ${atPeak})` : ""}; now RSS ${mb(m.rss)}, V8 heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, ` +
      `buffers ${mb(m.arrayBuffers)}${wasm === undefined ? "" : `, PGlite's WebAssembly memory ${mb(wasm)}`}`,
  );
  stagePeak = 0;
  atPeak = "";
}

async function timed<T>(
  label: string,
  rows: number,
  run: () => Promise<T>,
): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await run();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(34)} ${seconds.toFixed(2).padStart(8)} s ${Math.round(rows / seconds)
      .toLocaleString("en")
      .padStart(10)} /s`,
  );
  memoryLine(label.split(":")[0]!);
  return { seconds, value };
}

/**
 * With BENCH_CPU_PROFILE=<file>, a CPU profile of the upload alone (open it in Chrome's DevTools):
 * answers the function that stops it and writes the file.
 */
async function uploadProfile(): Promise<(() => Promise<void>) | undefined> {
  const out = process.env.BENCH_CPU_PROFILE;
  if (!out) return undefined;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    await writeFile(out, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile of the upload: ${out}`);
  };
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), "nc-bench-"));
  const file = join(dir, "numbers.csv");
  await pipeline(
    (function* () {
      yield CRM ? "Name,E-mail,Phone,Company,City,Created\n" : "phone\n";
      let i = 0;
      for (const n of inputs(ROWS)) yield CRM ? crmLine(i++, n) : `${n}\n`;
    })(),
    createWriteStream(file),
  );
  console.log(
    `${ROWS.toLocaleString("en")} rows, ${((await stat(file)).size / 1024 ** 2).toFixed(1)} MB CSV`,
  );

  // The engine alone, on the same inputs (full basic check, as the worker runs it). It runs
  // before the upload and again after it: this machine's speed drifts within minutes, so the
  // ratio is against the mean of the two runs on either side of the pipeline.
  const engineRun = (label: string) =>
    timed(label, ROWS, async () => {
      let valid = 0;
      for (const n of inputs(ROWS)) if (basicCheck(n).valid) valid++;
      return valid;
    });
  const engineBefore = await engineRun("engine: basicCheck (full)");

  let dropDb: (() => Promise<void>) | undefined;
  let url: string | undefined;
  if (process.env.BENCH_DATABASE_URL) {
    const fresh = await freshBenchDatabase(process.env.BENCH_DATABASE_URL);
    url = fresh.url;
    dropDb = fresh.drop;
  }
  const config = loadConfig({
    NODE_ENV: "test",
    CAPTCHA_ENABLED: "false",
    WELCOME_CREDIT: "0",
    // The sign-up helper reads the e-mailed code from the info log.
    LOG_LEVEL: "info",
    WORKER_BATCH: process.env.WORKER_BATCH ?? "200",
    ...(url ? { DATABASE_URL: url } : { DATA_DIR: join(dir, "db") }),
  });
  // A server opens a database that exists: create it first, as the first start would.
  if (!url) createPgliteOnce(join(dir, "db"));
  const database = await openDatabase({ url, dataDir: join(dir, "db") });
  const pglite = (database.db as unknown as { $client?: { mod?: { HEAPU8?: Uint8Array } } }).$client;
  if (database.kind === "pglite") wasmBytes = () => pglite?.mod?.HEAPU8?.buffer.byteLength;
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _e, done) {
      if (logs.length < 1_000) logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config, database, web: "none", logStream });
  await app.ready();
  const t = { app, database, databaseUrl: url, logs, close: async () => {} };
  const owner = await registerUser(t);
  const tenantId = await createTenant(t, owner, "Bench Org");
  await app.services.billing.credit({
    tenantId,
    tradeType: TRADE_TYPES.recharge,
    amountMicros: BigInt(ROWS) * 1_000n * 2n,
    actor: { type: "system" },
  });
  if (process.env.BENCH_KEEP_COLUMNS === "0")
    await database.db.execute(sql`update tenants set keep_file_columns = false where id = ${tenantId}`);
  const jobs = app.jobs.service;
  memoryLine("start");
  console.log(
    `database: ${url ? "PostgreSQL" : "PGlite on disk"}; worker batch ${config.WORKER_BATCH}, concurrency ${config.WORKER_CONCURRENCY}`,
  );

  const profile = await uploadProfile();
  const upload = await timed("pipeline 1: upload -> draft", ROWS, async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/tenant/job/upload?service=basic&fileName=numbers.csv",
      payload: createReadStream(file),
      headers: { "content-type": "text/csv", "x-tenant-id": tenantId },
      cookies: { sid: owner.sid },
    });
    const body = res.json() as {
      code: number;
      msg: string;
      data: { job: { id: string; chargeable: number } };
    };
    if (body.code !== 0) throw new Error(body.msg);
    return body.data.job;
  });
  await profile?.();
  const jobId = upload.value.id;
  const submit = await timed("pipeline 2: submit (reserve)", ROWS, () =>
    jobs.submit(tenantId, jobId, { type: "user", id: owner.id }),
  );
  const spent: Record<string, number> = {};
  if (process.env.BENCH_PROFILE) {
    const repo = jobs.repo as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    for (const name of ["claim", "finishItems", "bumpCounters", "hasQueued", "unreleased", "lockJob"]) {
      const original = repo[name]!;
      repo[name] = async (...a: unknown[]) => {
        const s = performance.now();
        try {
          return await original(...a);
        } finally {
          spent[name] = (spent[name] ?? 0) + performance.now() - s;
        }
      };
    }
    const processor = app.jobs.processor;
    const process0 = processor.process.bind(processor);
    processor.process = async (item) => {
      const s = performance.now();
      try {
        return await process0(item);
      } finally {
        spent.process = (spent.process ?? 0) + performance.now() - s;
      }
    };
  }
  const worker = jobWorker(database.db, app.services, jobs, app.jobs.processor, {
    batch: config.WORKER_BATCH,
    // 0 leaves it to the providers, as the server's own worker does.
    concurrency: app.jobs.worker.concurrency,
    leaseSeconds: 600,
  });
  const work = await timed("pipeline 3: worker (check+store+settle)", ROWS, () => worker.drain(10_000_000));
  const engineAfter = await engineRun("engine again, after the pipeline");
  const engine = { seconds: (engineBefore.seconds + engineAfter.seconds) / 2 };
  if (process.env.BENCH_PROFILE)
    console.log(Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)])));
  const download = await timed("pipeline 4: download results CSV", ROWS, async () => {
    let bytes = 0;
    await pipeline(
      // The job row carries the kept columns of the file, as the download route passes it.
      jobFile(
        "csv",
        jobs.repo,
        tenantId,
        { ...(await jobs.job(tenantId, jobId)), service: "basic" },
        { locale: "en" },
      ),
      new Writable({
        write(chunk, _e, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    return bytes;
  });
  const status = await jobs.status(tenantId, jobId);
  const [kept] = await queryRows<{ chunks: number; bytes: string }>(
    database.db,
    sql`select count(*)::int as chunks, coalesce(sum(length(cells)), 0)::bigint as bytes
        from detection_item_columns where job_id = ${jobId}`,
  );
  console.log(
    `file's own columns kept: ${kept!.chunks} chunks, ${(Number(kept!.bytes) / 1024 ** 2).toFixed(1)} MB compressed`,
  );
  const ready = upload.seconds + submit.seconds + work.seconds;
  const withDownload = ready + download.seconds;
  const line = (label: string, seconds: number) =>
    console.log(
      `${label.padEnd(40)} ${seconds.toFixed(2).padStart(8)} s ${Math.round(ROWS / seconds)
        .toLocaleString("en")
        .padStart(
          10,
        )} /s  (${(engine.seconds / seconds).toFixed(2)} x the engine alone, mean of its two runs)`,
    );
  line("whole pipeline: upload -> downloadable", ready);
  line("  and the results downloaded", withDownload);
  console.log(
    `job ${status.status}: ${status.done} checked, ${status.invalid} invalid, ${status.duplicates} duplicates; ` +
      `results file ${(download.value / 1024 ** 2).toFixed(1)} MB; peak RSS ${mb(peakRss)}`,
  );
  const ratio = engine.seconds / ready;
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  console.log(
    `goals: upload -> downloadable ${ratio.toFixed(2)} x the engine (goal >= ${GOAL_RATIO}): ${verdict(ratio >= GOAL_RATIO)}; ` +
      `peak RSS ${mb(peakRss)} (goal < ${GOAL_PEAK_MB} MB): ${verdict(peakRss < GOAL_PEAK_MB * 1024 ** 2)}`,
  );
  clearInterval(sampler);
  await app.close();
  await database.close();
  await dropDb?.();
  await rm(dir, { recursive: true, force: true });
}

if (process.env.NC_BENCH_SERVER_HEAP === "1") {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const child = spawnSync(
    process.execPath,
    [...SERVER_V8_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: "inherit",
      env: {
        ...process.env,
        NC_BENCH_SERVER_HEAP: "1",
        NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS),
      },
    },
  );
  process.exit(child.status ?? 1);
}
