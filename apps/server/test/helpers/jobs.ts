import { sql } from "drizzle-orm";
import { expectOk } from "./accounts";
import type { inTenant } from "./tenancy";
import type { TestApp } from "./test-app";

type Api = ReturnType<typeof inTenant>;

/**
 * Basic and fraud-shield numbers are answered while they are read and charged when the draft is
 * submitted, so such a job never meets the worker. This submits a list the way a live service
 * (HLR, MNP) goes: the draft's answers are taken away, so the worker checks every item itself
 * (claim, lease, process, settle per chunk): the path the worker, failure and crash tests need.
 */
export async function submitAsLive<T>(
  t: TestApp,
  api: Api,
  body: { service: string; numbers: string[]; defaultCountry?: string },
) {
  const draft = expectOk<{ id: string }>(await api("POST", "/api/tenant/job", { ...body, draft: true }));
  await asLiveItems(t, draft.id);
  return expectOk<T>(await api("POST", `/api/tenant/job/s/${draft.id}/submit`));
}

/** Makes a draft's answered items wait for the worker, as items of a live service do. */
export async function asLiveItems(t: TestApp, jobId: string): Promise<void> {
  await t.database.db.execute(
    sql`update detection_items set status = 'queued', result = null, outcome = null, line_type = null,
          country = null, carrier = null, risk = null, finished_at = null
        where job_id = ${jobId} and status = 'done'`,
  );
}
