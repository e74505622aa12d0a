/**
 * POST /api/v1/check (basic) through the whole public API pipeline — key authentication, rate
 * limits (Redis), idempotency hook, the check, charging (ledger row, balance), history, metering —
 * against a bare Fastify route that answers a constant, in the same run, each server in its own
 * process and the load from autocannon in a third. Needs PostgreSQL and Redis (not a test).
 *
 * Prints: the maximum rate of both, then p50/p99 latency of the check at half its maximum rate,
 * the CPU a request of the route refused at validation (every part but the check) beside the CPU
 * the ratio's goal allows a request, and checks every 200 was charged exactly once.
 *
 * One organisation's checks are charged one after another (its balance row is locked from the
 * debit to the commit), so the load can be spread over several organisations to measure the
 * pipeline rather than one account's ceiling.
 *
 * Run: npx tsx bench/api.ts [seconds=15] [connections=32] [organisations=1] [paced connections=16]
 *      BENCH_SERVICE_ONLY=1 measures the engine and the check service alone, then stops
 *      BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 *      BENCH_REDIS_URL (default redis://127.0.0.1:6379)
 */
import { once } from "node:events";
import { availableParallelism } from "node:os";
import { basicCheck } from "@nc/numcheck/basic-check";
import { detectionService } from "../apps/server/src/features/detection/detection-service";
import type { TestApp } from "../apps/server/test/helpers/test-app";
import {
  autocannon as autocannonRun,
  CHECK_BODY,
  line,
  organisations,
  printMoneyCheck,
  type Result,
  runLoad,
  serverEnv,
  setupApp,
  startServer,
} from "./lib/api-load";
import { freshBenchDatabase } from "./lib/bench-database";
import { type CpuGroups, cpuPerRequest, printCpu, readCpu } from "./lib/cpu-time";

const SECONDS = Number(process.argv[2] ?? 15);
const CONNECTIONS = Number(process.argv[3] ?? 32);
/** Organisations sending at once (each with its own key and balance), the load split evenly. */
const ORGS = Number(process.argv[4] ?? 1);
/**
 * Connections of the paced run (half the maximum rate). autocannon paces each connection on its
 * own timer, all started together, so the requests of every connection arrive as one burst each
 * tick: with as many connections as the saturating run, "half the rate" means bursts of that
 * size. Fewer connections measure the latency of a steady half rate.
 */
const PACED_CONNECTIONS = Number(process.argv[5] ?? 16);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const BODY = CHECK_BODY;
/** autocannon with this run's seconds and connections unless told. */
const autocannon = (
  url: string,
  headers: Record<string, string>,
  extra: string[] = [],
  seconds = SECONDS,
  connections = CONNECTIONS,
  body = BODY,
) => autocannonRun(url, headers, extra, seconds, connections, body);

/** The load over every key to one server: CONNECTIONS, or PACED_CONNECTIONS at a rate. */
const spread = (url: string, keys: string[], rate?: number) =>
  runLoad([url], keys, rate ? PACED_CONNECTIONS : CONNECTIONS, SECONDS, { rate });

/** The goals (docs/performance.md, "Goals at a glance"). */
const RATIO_TARGET = 0.2;
const SERVICE_TARGET_MICROS = 90;

/**
 * Runs one measurement and prints, beside its rate, the CPU time each process spent per request,
 * and the rate at which those costs would fill every core of the machine.
 */
async function measured(
  groups: CpuGroups,
  label: string,
  go: () => Promise<Result>,
): Promise<Result & { cpuMicros: number | null }> {
  const before = readCpu(groups);
  const result = await go();
  line(label, result);
  return { ...result, cpuMicros: printCpu(cpuPerRequest(before, readCpu(groups), result.requests.total)) };
}

/**
 * The parts of a check without HTTP, in this process: the engine alone on the bench's number, then
 * the check service alone (engine, price, stored result and charge, group-committed exactly as the
 * route does; no key, rate limit, metering or HTTP), with `CONNECTIONS` callers one after another
 * each. What they cost is the least the route can cost.
 */
async function partsAlone(
  app: TestApp["app"],
  caller: { tenantId: string; userId: string; keyId: string },
  cpu: CpuGroups,
): Promise<void> {
  const number = (JSON.parse(BODY) as { number: string }).number;
  const engineRuns = 20_000;
  for (let i = 0; i < 2_000; i++) basicCheck(number);
  const engineStart = process.cpuUsage();
  for (let i = 0; i < engineRuns; i++) basicCheck(number);
  const engine = process.cpuUsage(engineStart);
  console.log(
    `engine alone (basic check)              CPU µs per check: ${Math.round((engine.user + engine.system) / engineRuns)}`,
  );

  const detection = detectionService(
    app.services.database.db,
    app.services.lookup,
    app.services,
    app.services.priceLists,
  );
  const input = {
    tenantId: caller.tenantId,
    userId: caller.userId,
    service: "basic" as const,
    number,
    apiKey: { id: caller.keyId, test: false },
  };
  const loop = async (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          await detection.check(input);
          done++;
        }
      }),
    );
    return done;
  };
  await loop(3);
  const self = { ...cpu, pids: { "this process": process.pid }, childrenAs: undefined };
  const before = readCpu(self);
  const started = Date.now();
  const checks = await loop(SECONDS);
  const rate = Math.round(checks / ((Date.now() - started) / 1000)).toLocaleString("en");
  console.log(`check service alone (no HTTP), ${CONNECTIONS} callers ${rate.padStart(8)} checks/s`);
  const all = printCpu(cpuPerRequest(before, readCpu(self), checks));
  if (all !== null)
    console.log(
      `check service alone: ${Math.round(all)} µs of CPU a check, this process and the database (target <= ${SERVICE_TARGET_MICROS}): ${all <= SERVICE_TARGET_MICROS ? "met" : "NOT met"}`,
    );
}

async function main() {
  const fresh = await freshBenchDatabase(ADMIN_URL);
  const env = serverEnv(fresh.url, REDIS_URL);
  // Organisations with money and a live key, made through the product's own routes.
  const { app: setup, database, t } = await setupApp(env);
  console.log("setting up");
  const orgs = await organisations(t, ORGS);
  const tenantIds = orgs.map((o) => o.tenantId);
  const secrets = orgs.map((o) => o.secret);
  const caller = { tenantId: orgs[0]!.tenantId, userId: orgs[0]!.userId, keyId: orgs[0]!.keyId };
  // Whose CPU each run used: the servers, every PostgreSQL process, Redis, and autocannon.
  const backends = { PostgreSQL: ["postgres"], Redis: ["redis-server"] };
  await partsAlone(setup, caller, { pids: {}, names: backends });
  await setup.close();
  if (process.env.BENCH_SERVICE_ONLY) {
    await database.close();
    await fresh.drop();
    return;
  }

  console.log("starting servers");
  const api = await startServer("bench/api-server.ts", { ...env, PORT: "31901" });
  const constant = await startServer("bench/api-constant-server.ts", { PORT: "31902" });
  const cpu: CpuGroups = {
    pids: { "product server": api.pid!, "constant server": constant.pid! },
    names: backends,
    childrenAs: "autocannon",
  };
  try {
    console.log(
      `${SECONDS} s per run, ${CONNECTIONS} connections (${PACED_CONNECTIONS} when paced), ${ORGS} organisation(s), PostgreSQL + Redis, one server process each`,
    );
    // Warm both up (JIT, connection pools) before measuring.
    await autocannon("http://127.0.0.1:31902/constant", {}, [], 3);
    const warm = await autocannon(
      "http://127.0.0.1:31901/api/v1/check",
      { authorization: `Bearer ${secrets[0]}` },
      [],
      3,
    );
    const raw = await measured(cpu, "constant route (raw limit)", () =>
      autocannon("http://127.0.0.1:31902/constant", {}),
    );
    const full = await measured(cpu, "POST /api/v1/check, max rate", () =>
      spread("http://127.0.0.1:31901/api/v1/check", secrets),
    );
    const half = Math.floor(full.requests.average / 2);
    const paced = await measured(cpu, `POST /api/v1/check at ${half} req/s`, () =>
      spread("http://127.0.0.1:31901/api/v1/check", secrets, half),
    );
    // Everything but the check: the same key, rate limits, idempotency hook, metering, request
    // log and hooks, refused at the body's validation (400, no number) before the check runs.
    const refused = await measured(cpu, "the same, refused at validation", () =>
      autocannon(
        "http://127.0.0.1:31901/api/v1/check",
        { authorization: `Bearer ${secrets[0]}` },
        [],
        SECONDS,
        CONNECTIONS,
        JSON.stringify({ service: "basic" }),
      ),
    );
    if (raw.cpuMicros !== null && full.cpuMicros !== null && refused.cpuMicros !== null) {
      // What the ratio allows: at RATIO_TARGET of the constant route, the cores give each request this much.
      const budget = (availableParallelism() * 1_000_000) / (RATIO_TARGET * raw.requests.average);
      console.log(
        `CPU a request, all processes: the ratio's budget ${Math.round(budget)} µs; constant route ${Math.round(raw.cpuMicros)}, the route refused before its check ${Math.round(refused.cpuMicros)}, the route ${Math.round(full.cpuMicros)}`,
      );
    }
    const ratio = full.requests.average / raw.requests.average;
    // The latency counts only if the paced run really sent (nearly) the rate it was asked for.
    const pacedHeld = paced.requests.average >= half * 0.95;
    console.log(
      `ratio ${ratio.toFixed(2)} of the constant route (target >= ${RATIO_TARGET}): ${ratio >= RATIO_TARGET ? "met" : "NOT met"}; p99 at half rate ${paced.latency.p99} ms (target < 20): ${paced.latency.p99 < 20 && pacedHeld ? "met" : pacedHeld ? "NOT met" : "NOT met (the paced run fell short of half the rate)"}`,
    );

    const answered = warm["2xx"] + full["2xx"] + paced["2xx"];
    await printMoneyCheck(fresh.url, tenantIds);
    console.log(
      `answers autocannon counted as 200: ${answered} (fewer than stored: requests still in flight when a run ended, at most the connections of each run)`,
    );
  } finally {
    api.kill("SIGTERM");
    constant.kill("SIGTERM");
    await Promise.all([once(api, "exit"), once(constant, "exit")]);
    await database.close();
    await fresh.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
