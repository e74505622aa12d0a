/**
 * Scale-out: `POST /api/v1/check` (basic) sent to one server process, then split between two on
 * the same PostgreSQL and Redis, for one organisation and for ten; the rate of each, the ratio of
 * two to one, p99 of two processes at half their maximum rate, and the money check afterwards
 * (every check charged exactly once, balances equal to their ledgers, the ledger chained), each
 * with "met" or "NOT met" against its goal (docs/performance.md, "Several server processes"); and
 * the ceiling the machine puts on the ratio (printCeiling).
 *
 * One and two processes are measured in turns (one, two, one, two): the machine is shared, and a
 * ratio of runs minutes apart measures the neighbours as much as the servers.
 *
 * Run: npx tsx bench/scale-out.ts [seconds=10] [connections=32] [rounds=2]
 *      BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 *      BENCH_REDIS_URL (default redis://127.0.0.1:6379)
 */
import { once } from "node:events";
import { availableParallelism } from "node:os";
import pg from "pg";
import * as load from "./lib/api-load";
import { freshBenchDatabase } from "./lib/bench-database";
import { type CpuGroups, cpuPerRequest, printCpu, readCpu } from "./lib/cpu-time";

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 32);
const ROUNDS = Number(process.argv[4] ?? 2);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
/** The goals (docs/performance.md, "Several server processes"). */
const RATIO_TARGET = 1.2;
const P99_TARGET_MS = 50;
const PORTS = [31911, 31912];

const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

async function main() {
  const fresh = await freshBenchDatabase(ADMIN_URL);
  const env = load.serverEnv(fresh.url, REDIS_URL);
  const setup = await load.setupApp(env);
  console.log("setting up ten organisations");
  const orgs = await load.organisations(setup.t, 10);
  await setup.app.close();
  await setup.database.close();

  const servers = [];
  for (const port of PORTS)
    servers.push(await load.startServer("bench/api-server.ts", { ...env, PORT: String(port) }));
  const urls = PORTS.map((port) => `http://127.0.0.1:${port}/api/v1/check`);
  // Whose CPU each run used: the servers, every PostgreSQL process, Redis, and the load generator
  // (autocannon runs in this process). With the per-request costs, the rate at which they would
  // fill every core: the host's ceiling for that way of running.
  const cpu: CpuGroups = {
    pids: { server: servers[0]!.pid!, "second server": servers[1]!.pid!, "load generator": process.pid },
    names: { PostgreSQL: ["postgres"], Redis: ["redis-server"] },
  };
  const stats = new pg.Client({ connectionString: fresh.url });
  await stats.connect();
  const transactions = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const { rows } = await stats.query(
      "select xact_commit::int as commit, xact_rollback::int as rollback from pg_stat_database where datname = current_database()",
    );
    return rows[0] as { commit: number; rollback: number };
  };
  let allMet = true;
  try {
    console.log(
      `${SECONDS} s per run, ${CONNECTIONS} connections in all, ${ROUNDS} rounds, PostgreSQL + Redis, one organisation then ten`,
    );
    for (const count of [1, 10]) {
      const keys = orgs.slice(0, count).map((o) => o.secret);
      // Warm both processes up (JIT, connection pools, each one's memory of the balances).
      await load.runLoad(urls, keys, CONNECTIONS, 3, { rotateKeys: true });
      const best: Record<"one" | "two", load.Result | null> = { one: null, two: null };
      /** The CPU of every process a request, in the best run of each. */
      const bestCpu: Record<"one" | "two", number | null> = { one: null, two: null };
      for (let round = 0; round < ROUNDS; round++) {
        for (const [which, use] of [
          ["one", urls.slice(0, 1)],
          ["two", urls],
        ] as const) {
          const before = await transactions();
          const cpuBefore = readCpu(cpu);
          const r = await load.runLoad(use, keys, CONNECTIONS, SECONDS, { rotateKeys: true });
          const cpuAfter = readCpu(cpu);
          load.line(`${count} org., ${which} process${which === "two" ? "es" : ""}, max rate`, r);
          const all = printCpu(cpuPerRequest(cpuBefore, cpuAfter, r.requests.total));
          const after = await transactions();
          // A batch refused by its guard (or the balance check) is a rolled-back statement; the
          // counts reach the statistics within a second or so of the run.
          console.log(
            `  statements committed ${after.commit - before.commit} (${(r.requests.total / Math.max(1, after.commit - before.commit)).toFixed(1)} checks each), rolled back (a batch sent the locked way) ${after.rollback - before.rollback}`,
          );
          if (!best[which] || r.requests.average > best[which]!.requests.average) {
            best[which] = r;
            bestCpu[which] = all;
          }
        }
      }
      const ratio = best.two!.requests.average / best.one!.requests.average;
      if (bestCpu.one && bestCpu.two) printCeiling(best.one!.requests.average, bestCpu.one, bestCpu.two);
      const half = Math.floor(best.two!.requests.average / 2);
      const paced = await load.runLoad(urls, keys, Math.min(CONNECTIONS, 16), SECONDS, {
        rate: half,
        rotateKeys: true,
      });
      load.line(`${count} org., two processes at ${half} req/s`, paced);
      // The latency counts only if the paced run really sent (nearly) the rate it was asked for.
      const held = paced.requests.average >= half * 0.95;
      const ratioMet = ratio >= RATIO_TARGET;
      const p99Met = held && paced.latency.p99 < P99_TARGET_MS;
      allMet &&= ratioMet && p99Met;
      console.log(
        `${count} org.: two processes ${ratio.toFixed(2)}x one (best of ${ROUNDS} each; target >= ${RATIO_TARGET}): ${verdict(ratioMet)}; p99 at half rate ${paced.latency.p99} ms (target < ${P99_TARGET_MS}): ${verdict(p99Met)}${held ? "" : " (the paced run fell short of half the rate)"}`,
      );
    }
  } finally {
    await stats.end();
    for (const server of servers) server.kill("SIGTERM");
    await Promise.all(servers.map((server) => once(server, "exit")));
  }
  const exact = await load.printMoneyCheck(
    fresh.url,
    orgs.map((o) => o.tenantId),
  );
  console.log(`money exact: ${verdict(exact)}`);
  await fresh.drop();
  if (!allMet || !exact) process.exitCode = 1;
}

/**
 * What the machine allows the ratio: one process at its maximum already uses some of the cores
 * (its own event loop, PostgreSQL, Redis, the load generator); two processes can at most fill the
 * rest. At one process's CPU a request that is the cores over the cores one process used; the
 * goal also needs the second process to add no more CPU a request than that bound leaves.
 */
function printCeiling(oneRate: number, oneCpu: number, twoCpu: number) {
  const cores = availableParallelism();
  const used = (oneRate * oneCpu) / 1_000_000;
  const bound = cores / used;
  const room = (bound / RATIO_TARGET - 1) * 100;
  const added = (twoCpu / oneCpu - 1) * 100;
  console.log(
    `  one process used ${used.toFixed(2)} of ${cores} cores: at its CPU a request two could reach at most ${bound.toFixed(2)}x; ${RATIO_TARGET}x leaves a second process ${room.toFixed(0)} % more CPU a request, it added ${added.toFixed(0)} %`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
