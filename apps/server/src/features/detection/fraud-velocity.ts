import type { Db } from "../../core/db";
import { DAY_MS } from "../../core/time";
import { detectionRepo } from "./detection-repo";

/** How many times each number was checked on its own by the organisation: a number's count, 0 when never. */
export type VelocityCounts = (e164: string) => number;

/**
 * The fraud velocity signal's input for a batch of numbers: each one's single checks (dashboard
 * and API) in the organisation over the last 24 hours, not counting the check being made. Single
 * checks, because that is where enumeration and scripted sign-ups show; a bulk list is one
 * customer list, de-duplicated, and re-checking it is not suspicious. Shared by single checks,
 * bulk lists as they are read, and the job worker, so all three score a number alike.
 */
export function fraudVelocity(db: Db) {
  const repo = detectionRepo(db);
  return async (tenantId: string, e164s: string[]): Promise<VelocityCounts> => {
    const counts = await repo.singleChecksSince(tenantId, e164s, new Date(Date.now() - DAY_MS));
    return (e164) => counts.get(e164) ?? 0;
  };
}
