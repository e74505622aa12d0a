import { sql } from "drizzle-orm";
import type { TestApp } from "./test-app";

/**
 * Basic and fraud-shield items are answered while the numbers are read, so the worker only
 * charges them. Taking the stored results away makes the worker check each item itself (claim,
 * lease, process), as it does for live services: the path the failure and crash tests exercise.
 */
export async function asLiveItems(t: TestApp, jobId: string): Promise<void> {
  await t.database.db.execute(
    sql`update detection_items set result = null, outcome = null, line_type = null, country = null,
          carrier = null, risk = null
        where job_id = ${jobId}`,
  );
}
