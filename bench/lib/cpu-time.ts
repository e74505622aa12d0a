/**
 * CPU time of the processes a benchmark run involves, read from Linux's /proc (this machine's
 * kind; elsewhere every reading is null and the benchmark prints no CPU lines). Throughput alone
 * hides who used the cores: on one machine the load generator, the database and the server share
 * them, so the benchmark reports CPU time per request for each.
 */
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux x86_64). */
const TICKS_PER_SECOND = 100;

/** utime + stime, and the same for children already waited for, in microseconds. */
function readStat(pid: number | string): { own: number; children: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = (i: number) => Number(fields[i - 3]);
    const toMicros = (t: number) => (t * 1_000_000) / TICKS_PER_SECOND;
    return { own: toMicros(ticks(14) + ticks(15)), children: toMicros(ticks(16) + ticks(17)) };
  } catch {
    return null;
  }
}

/** Processes whose command name (comm) is one of `names`, e.g. every PostgreSQL backend. */
function pidsNamed(names: string[]): string[] {
  try {
    return readdirSync("/proc").filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        return names.includes(readFileSync(`/proc/${entry}/comm`, "utf8").trim());
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

export interface CpuGroups {
  /** Named groups of fixed process ids (the servers the benchmark started). */
  pids: Record<string, number>;
  /** Named groups of processes found by command name at each reading (database backends come and go). */
  names: Record<string, string[]>;
  /** A group for the CPU of this process's finished children (the load generator runs). */
  childrenAs?: string;
}

export type CpuReading = Record<string, number> | null;

export function readCpu(groups: CpuGroups): CpuReading {
  if (readStat("self") === null) return null;
  const reading: Record<string, number> = {};
  for (const [group, pid] of Object.entries(groups.pids)) reading[group] = readStat(pid)?.own ?? 0;
  for (const [group, names] of Object.entries(groups.names)) {
    const perPid = pidsNamed(names).map((pid) => [`${group}:${pid}`, readStat(pid)?.own ?? 0] as const);
    for (const [key, micros] of perPid) reading[key] = micros;
  }
  if (groups.childrenAs) reading[groups.childrenAs] = readStat("self")!.children;
  return reading;
}

/**
 * CPU microseconds per request of each group between two readings. A process that appeared in
 * between counts from zero; one that ended in between is lost (its time is not in either).
 */
export function cpuPerRequest(
  before: CpuReading,
  after: CpuReading,
  requests: number,
): Record<string, number> | null {
  if (!before || !after || requests <= 0) return null;
  const totals: Record<string, number> = {};
  for (const [key, micros] of Object.entries(after)) {
    const group = key.split(":")[0]!;
    totals[group] = (totals[group] ?? 0) + Math.max(0, micros - (before[key] ?? 0));
  }
  return Object.fromEntries(Object.entries(totals).map(([group, micros]) => [group, micros / requests]));
}

/** Prints the CPU per request of each group; returns their sum (null when nothing was measured). */
export function printCpu(perRequest: Record<string, number> | null): number | null {
  if (!perRequest) return null;
  const used = Object.entries(perRequest).filter(([, micros]) => micros >= 0.5);
  const all = used.reduce((sum, [, micros]) => sum + micros, 0);
  const parts = used.map(([group, micros]) => `${group} ${Math.round(micros)}`).join(", ");
  const ceiling = Math.round((availableParallelism() * 1_000_000) / all).toLocaleString("en");
  console.log(
    `  CPU µs per request: ${parts}; all ${Math.round(all)} (${availableParallelism()} cores: at most ${ceiling} req/s)`,
  );
  return all;
}
