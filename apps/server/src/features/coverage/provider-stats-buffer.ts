import type { RouterCall } from "@nc/numcheck/providers/router";
import type { FastifyBaseLogger } from "fastify";
import type { ProviderStatsRepo } from "./provider-stats-repo";
import { addFigures, countCall, type ProviderStatsRow, rowKey } from "./provider-stats-rows";

/** Rows kept for the next try when the database refuses a flush, at most (a day of busy hours). */
const MAX_KEPT_ROWS = 50_000;

/**
 * The providers' measured figures per country, kind and hour, counted in memory as look-ups end
 * and written by one multi-row upsert per flush (every `flushMs`, and on shutdown), never one write
 * per look-up (docs/api.md, "Coverage"). Memory holds one row per provider, country, kind and hour
 * seen since the last flush. A failed write keeps its rows for the next flush; a process killed
 * without a shutdown loses at most one interval of figures (never money).
 */
export function createProviderStatsBuffer(
  repo: Pick<ProviderStatsRepo, "add">,
  options: { flushMs: number; now?: () => number },
  log?: FastifyBaseLogger,
) {
  const now = options.now ?? Date.now;
  let rows = new Map<string, ProviderStatsRow>();
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function writeOut() {
    const batch = rows;
    rows = new Map();
    if (batch.size === 0) return;
    // Key order: two processes adding to the same rows lock them in the same order.
    const sorted = [...batch.values()].sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : 1));
    try {
      await repo.add(sorted);
    } catch (error) {
      for (const [key, row] of batch) {
        const current = rows.get(key);
        if (current) addFigures(current, row);
        else if (rows.size < MAX_KEPT_ROWS) rows.set(key, row);
      }
      log?.warn({ err: error, rows: batch.size }, "provider statistics write failed; will retry");
    }
  }

  function flushOnce(): Promise<void> {
    writing ??= writeOut().finally(() => {
      writing = null;
    });
    return writing;
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flushOnce().then(() => {
        if (rows.size > 0) schedule();
      });
    }, options.flushMs);
    timer.unref();
  }

  return {
    /** The router's `onCall`: counts the call, cheaply, on the look-up's path. */
    record(call: RouterCall): void {
      countCall(rows, call, now());
      schedule();
    },
    /** Writes everything counted now (shutdown, tests). */
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      // Calls counted while writing go too; a failing database does not hang shutdown.
      for (let round = 0; round < 3 && (rows.size > 0 || writing); round++) await flushOnce();
    },
    /** Rows waiting for the next flush. */
    get pending(): number {
      return rows.size;
    },
  };
}

export type ProviderStatsBuffer = ReturnType<typeof createProviderStatsBuffer>;
