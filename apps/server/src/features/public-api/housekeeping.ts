import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../core/db";
import { DAY_MS } from "../../core/time";
import { meteringRepo } from "../metering/index";
import { idempotencyRepo } from "./idempotency-repo";

/** Idempotency-Key answers are replayed for a day (docs/api.md). */
export const IDEMPOTENCY_KEEP_MS = DAY_MS;

/**
 * Deletes what the public API keeps for a while only: Idempotency-Key answers after a day, raw
 * call records after `callRetentionDays` (the daily rollups stay). Run by the system housekeeping;
 * several processes may run it at once: deleting twice is harmless.
 */
export function apiHousekeeping(db: Db, options: { callRetentionDays: number }, log?: FastifyBaseLogger) {
  const idempotency = idempotencyRepo(db);
  const metering = meteringRepo(db);
  return async function run(now = Date.now()) {
    await idempotency.deleteBefore(new Date(now - IDEMPOTENCY_KEEP_MS));
    const cutoff = new Date(now - options.callRetentionDays * DAY_MS);
    let deleted = 0;
    for (
      let slice = await metering.deleteCallsBefore(cutoff);
      slice > 0;
      slice = await metering.deleteCallsBefore(cutoff)
    )
      deleted += slice;
    if (deleted > 0) log?.info({ deleted }, "API call records past retention deleted");
  };
}
