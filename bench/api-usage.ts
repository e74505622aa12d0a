/**
 * The API usage page's reads on PostgreSQL (not a test): fills the rollups with
 * about 100 million calls for one organisation (365 days x 20 keys x 8 endpoints x 5 services x
 * 4 statuses = 1,168,000 rows) plus other organisations' rows, then times what the page asks for
 * over 30 and 365 days, unfiltered and filtered, and the CSV export of 30 days. A fresh database is
 * created on the server named by BENCH_DATABASE_URL and dropped afterwards.
 *
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-usage.ts [others=3]
 */
import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { addDays } from "@nc/contracts/api-usage";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { apiUsageService } from "../apps/server/src/features/api-usage/api-usage-service";
import { registerUser } from "../apps/server/test/helpers/accounts";
import { createTenant } from "../apps/server/test/helpers/tenancy";

const OTHERS = Number(process.argv[2] ?? 3);
const LAST_DAY = "2026-06-30";
const DAYS = 365;
const RUNS = 5;
const ENDPOINTS = [
  "POST /api/v1/check",
  "POST /api/v1/check/batch",
  "POST /api/v1/jobs",
  "GET /api/v1/jobs",
  "GET /api/v1/jobs/:id",
  "GET /api/v1/jobs/:id/results",
  "GET /api/v1/usage",
  "GET /api/v1/balance",
];
const SERVICES = ["", "basic", "hlr", "mnp", "fraud_shield"];
const STATUSES = [200, 400, 402, 429];

/**
 * Every combination of day, key, endpoint, service and status, each with a latency histogram of its
 * endpoint's shape scaled by a weekday factor; successes ten times as common as each error status.
 */
async function fill(client: pg.Client, tenantId: string, keys: number, label: string) {
  const started = performance.now();
  const { rows } = await client.query<{ ids: string[] }>(
    `with k as (
       insert into api_keys (id, tenant_id, name, mode, lookup, digest, last4)
       select gen_random_uuid(), $1, 'Key ' || i, case when i % 4 = 0 then 'test' else 'live' end,
              substr(md5(random()::text), 1, 12), md5(random()::text), lpad(i::text, 4, '0')
       from generate_series(1, $2::int) i
       returning id)
     select array_agg(id) as ids from k`,
    [tenantId, keys],
  );
  await client.query(
    `insert into api_usage_daily (tenant_id, day, api_key_id, endpoint, service, status, calls, numbers,
                                  cost_micros, latency_ms_sum, latency_hist)
     select $1, d.day, k.id, e.endpoint, s.service, st.status, x.calls,
            case when st.status = 200 and s.service <> '' then x.calls * (1 + e.n % 3) else 0 end,
            case when st.status = 200 and s.service <> '' then x.calls * 5000 else 0 end,
            x.calls * (20 + e.n * 15), x.hist
     from (select ($2::date - g)::date as day from generate_series(0, $3::int - 1) g) d
     cross join unnest($4::uuid[]) with ordinality as k(id, kn)
     cross join unnest($5::text[]) with ordinality as e(endpoint, n)
     cross join unnest($6::text[]) as s(service)
     cross join unnest($7::int[]) as st(status)
     cross join lateral (
       select array_agg(h.v * w.f order by h.i)::bigint[] as hist, sum(h.v * w.f)::bigint as calls
       from (select (1 + (extract(dow from d.day)::int + k.kn::int) % 5)
                    * (case when st.status = 200 then 10 else 1 end) as f) w,
            unnest(case when e.endpoint like 'POST %'
                        then array[0,0,0,0,0,0,0,0,1,1,2,2,1,1,0,1,0,0,0,0,0,0]
                        else array[0,0,1,2,2,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0] end::bigint[])
              with ordinality as h(v, i)
     ) x`,
    [tenantId, LAST_DAY, DAYS, rows[0]!.ids, ENDPOINTS, SERVICES, STATUSES],
  );
  const { rows: count } = await client.query<{ rows: string; calls: string }>(
    "select count(*)::text as rows, sum(calls)::text as calls from api_usage_daily where tenant_id = $1",
    [tenantId],
  );
  console.log(
    `${label}: ${Number(count[0]!.rows).toLocaleString("en")} rollup rows, ${Number(count[0]!.calls).toLocaleString("en")} calls, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return rows[0]!.ids;
}

/** Median of RUNS runs, after one warm-up, in ms. */
async function timed(label: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} ${times[Math.floor(RUNS / 2)]!.toFixed(1).padStart(8)} ms (median of ${RUNS})`,
  );
}

async function main() {
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) throw new Error("set BENCH_DATABASE_URL (a PostgreSQL server where databases may be created)");
  const name = `nc_bench_usage_${Date.now().toString(36)}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "" });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    const config = loadConfig({
      NODE_ENV: "test",
      CAPTCHA_ENABLED: "false",
      WELCOME_CREDIT: "0",
      LOG_LEVEL: "info",
      WORKER_ENABLED: "false",
      DATABASE_URL: url.toString(),
    });
    const logs: string[] = [];
    const logStream = new Writable({
      write(chunk, _e, done) {
        if (logs.length < 1_000) logs.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config, database, web: "none", logStream });
    await app.ready();
    const t = { app, database, databaseUrl: url.toString(), logs, close: async () => {} };
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Busy Org");
    await client.connect();
    const keys = await fill(client, tenantId, 20, "busy organisation");
    for (let i = 0; i < OTHERS; i++) {
      const other = await registerUser(t);
      await fill(client, await createTenant(t, other, `Other ${i + 1}`), 5, `other organisation ${i + 1}`);
    }
    // The monthly rollup and the day totals, built from the daily rows by the same statements as
    // migration 0018's backfill (the meter keeps all three in step as it writes).
    const rollupsStarted = performance.now();
    const backfill = readFileSync(
      new URL("../apps/server/drizzle/0018_usage_month_rollups.sql", import.meta.url),
      "utf8",
    )
      .split("--> statement-breakpoint")
      .filter((statement) => /^\s*(--.*\n\s*)*INSERT INTO/.test(statement));
    for (const statement of backfill) await client.query(statement);
    console.log(
      `monthly rollup and day totals: ${((performance.now() - rollupsStarted) / 1000).toFixed(1)} s`,
    );
    await client.query("vacuum analyze api_usage_daily, api_usage_monthly, api_usage_day_totals");
    const { rows: size } = await client.query<{ size: string }>(
      "select pg_size_pretty(pg_total_relation_size('api_usage_daily')) as size",
    );
    console.log(`api_usage_daily: ${size[0]!.size} with its primary key`);

    const usage = apiUsageService(database.db, app.services.billing);
    for (const days of [30, 365]) {
      const period = { from: addDays(LAST_DAY, 1 - days), to: LAST_DAY };
      await timed(`page, ${days} days`, () => usage.usage(tenantId, period));
      await timed(`  grouped sums (repo.slices), ${days} days`, () => usage.repo.slices(tenantId, period));
      await timed(`  histograms (repo.histograms), ${days} days`, () =>
        usage.repo.histograms(tenantId, period),
      );
      await timed(`page, ${days} days, one key`, () =>
        usage.usage(tenantId, { ...period, apiKeyId: keys[3] }),
      );
      await timed(`page, ${days} days, one endpoint`, () =>
        usage.usage(tenantId, { ...period, endpoint: "GET /api/v1/jobs/:id" }),
      );
      await timed(`page, ${days} days, one service`, () =>
        usage.usage(tenantId, { ...period, service: "hlr" }),
      );
      await timed(`GET /api/v1/usage days, ${days} days`, () =>
        usage.dailyUsage(tenantId, period.from, period.to),
      );
    }
    const started = performance.now();
    let lines = 0;
    await pipeline(
      await usage.exportCsv(tenantId, { from: addDays(LAST_DAY, -29), to: LAST_DAY }, "UTC", "en"),
      new Writable({
        write(chunk, _e, done) {
          lines += String(chunk).split("\r\n").length - 1;
          done();
        },
      }),
    );
    console.log(
      `CSV export, 30 days: ${(lines - 1).toLocaleString("en")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await app.close();
  } finally {
    await client.end().catch(() => {});
    await database.close();
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
