/**
 * What bench/api.ts and bench/scale-out.ts share: the product's server started as its own
 * process, organisations with money and a live key made through the product's routes, load from
 * autocannon (one process per key and server, at once), and the money check after the load.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";
import { openDatabase } from "../../apps/server/src/db/client";
import { registerUser } from "../../apps/server/test/helpers/accounts";
import { moneyCheck } from "../../apps/server/test/helpers/money-check";
import { createTenant, inTenant } from "../../apps/server/test/helpers/tenancy";
import type { TestApp } from "../../apps/server/test/helpers/test-app";

/** autocannon's programmatic run (the package has no types): resolves with the same figures as -j. */
const autocannonRun = createRequire(import.meta.url)("autocannon") as (options: object) => Promise<Result>;

export const CHECK_BODY = JSON.stringify({ service: "basic", number: "+447400123456" });
const run = promisify(execFile);

export interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  /** Answers with status 2xx (each one a charged check). */
  "2xx": number;
}

/** The server's environment on a bench database: no captcha, no welcome credit, no rate refusals. */
export const serverEnv = (databaseUrl: string, redisUrl: string) => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  NODE_ENV: "production",
  CAPTCHA_ENABLED: "false",
  WELCOME_CREDIT: "0",
  // Limits far above what one machine can send: counted on every request, never refusing.
  API_RATE_PER_KEY: "10000000",
  API_RATE_PER_TENANT: "10000000",
  WORKER_ENABLED: "false",
});

export async function autocannon(
  url: string,
  headers: Record<string, string>,
  extra: string[],
  seconds: number,
  connections: number,
  body = CHECK_BODY,
): Promise<Result> {
  const args = ["-j", "-c", String(connections), "-d", String(seconds), "-m", "POST", "-b", body];
  for (const [name, value] of Object.entries({ "content-type": "application/json", ...headers }))
    args.push("-H", `${name}=${value}`);
  const { stdout } = await run("node_modules/.bin/autocannon", [...args, ...extra, url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Result;
}

export async function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_CPU_PROF=1 writes a CPU profile of each server (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir=bench/profiles"] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Ready when it says so; everything it logs after is dropped (as a log shipper would take it).
  let seen = "";
  child.stdout!.on("data", (chunk) => {
    if (seen !== null) seen += String(chunk);
  });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (/"msg":"ready"|^ready/m.test(seen)) break;
    if (child.exitCode !== null) throw new Error(`${script} exited: ${seen}`);
  }
  child.stdout!.resume();
  return child;
}

/**
 * Load on several servers with several keys: connections and rate split evenly over the load
 * generators, and the figures of all as one (rates add up; the latency shown is the worst of
 * them, p50 and p99 each, so it never looks better than it was).
 *
 * - By default, one autocannon process per key and server, at once, each with its own key.
 * - With `rotateKeys`, one autocannon per server, run in this process, every connection sending
 *   its requests with each key in turn: one load generator per server however many
 *   organisations (one autocannon process per key took more of the machine than the servers).
 */
export async function runLoad(
  urls: string[],
  keys: string[],
  connections: number,
  seconds: number,
  { rate, rotateKeys = false }: { rate?: number; rotateKeys?: boolean } = {},
): Promise<Result> {
  const runs = rotateKeys
    ? urls.map((url) => ({ url, keys }))
    : urls.flatMap((url) => keys.map((key) => ({ url, keys: [key] })));
  const share = (total: number) => Math.max(1, Math.floor(total / runs.length));
  const results = await Promise.all(
    runs.map(({ url, keys }) =>
      rotateKeys
        ? autocannonRun({
            url,
            connections: share(connections),
            duration: seconds,
            requests: keys.map((key) => ({
              method: "POST" as const,
              headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
              body: CHECK_BODY,
            })),
            ...(rate ? { overallRate: share(rate) } : {}),
          })
        : autocannon(
            url,
            { authorization: `Bearer ${keys[0]}` },
            rate ? ["--overallRate", String(share(rate))] : [],
            seconds,
            share(connections),
          ),
    ),
  );
  return combined(results);
}

/** Several runs' figures as one: rates add up, latencies are the worst of them. */
function combined(results: Result[]): Result {
  return {
    requests: {
      average: results.reduce((sum, r) => sum + r.requests.average, 0),
      total: results.reduce((sum, r) => sum + r.requests.total, 0),
    },
    latency: {
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      average: Math.max(...results.map((r) => r.latency.average)),
    },
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    "2xx": results.reduce((sum, r) => sum + r["2xx"], 0),
  };
}

export function line(label: string, r: Result) {
  console.log(
    `${label.padEnd(36)} ${Math.round(r.requests.average).toLocaleString("en").padStart(8)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  non-2xx ${r.non2xx}`,
  );
}

/** The product's app in this process on the bench database, to set organisations up with. */
export async function setupApp(env: Record<string, string>) {
  const database = await openDatabase({ url: env.DATABASE_URL!, dataDir: "unused" });
  const logs: string[] = [];
  const app = await buildApp({
    config: loadConfig({ ...env, NODE_ENV: "test", LOG_LEVEL: "info" }),
    database,
    web: "none",
    logStream: new Writable({
      write(chunk, _e, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  });
  await app.ready();
  return { app, database, t: { app, database, logs } as unknown as TestApp };
}

/** `count` organisations, each with a large balance and a live key that may check. */
export async function organisations(t: TestApp, count: number) {
  const made: { tenantId: string; userId: string; keyId: string; secret: string }[] = [];
  for (let i = 0; i < count; i++) {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, `Bench Org ${i + 1}`);
    await t.app.services.billing.credit({
      tenantId,
      tradeType: TRADE_TYPES.recharge,
      amountMicros: 1_000_000_000_000n,
      actor: { type: "system" },
    });
    const key = (
      (
        await inTenant(t, owner, tenantId)("POST", "/api/tenant/apikey", {
          name: "bench",
          scopes: ["check"],
          mode: "live",
        })
      ).json() as { data: ApiKeyCreatedView }
    ).data;
    made.push({ tenantId, userId: owner.id, keyId: key.key.id, secret: key.secret });
  }
  return made;
}

/** The money check after load (test helpers' moneyCheck), printed; returns whether exact. */
export async function printMoneyCheck(databaseUrl: string, tenantIds: string[]): Promise<boolean> {
  const db2 = await openDatabase({ url: databaseUrl, dataDir: "unused" });
  const m = await moneyCheck(db2.db, tenantIds);
  await db2.close();
  console.log(
    `stored checks ${m.checks}, ${m.charged} of them charged by ${m.rows} ledger rows, ledger rows off their checks: ${m.rowsOff}, balances off their ledger: ${m.balancesOff}, ledger rows off the chain: ${m.unchained} — ${m.exact ? "each check charged exactly once" : "MISMATCH"}`,
  );
  return m.exact;
}
