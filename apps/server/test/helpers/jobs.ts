import { sql } from "drizzle-orm";
import { queryRows } from "../../src/db/query";
import { unpackItems } from "../../src/features/job/item-chunks";
import { jobRepo } from "../../src/features/job/job-repo";
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

/**
 * Makes a draft's answered items wait for the worker, as items of a live service do: its chunks of
 * items (stored so because nothing in them waited) become item rows, the answered ones queued.
 */
export async function asLiveItems(t: TestApp, jobId: string): Promise<void> {
  const { db } = t.database;
  const chunks = await queryRows<{ tenant_id: string; service: string; items: Uint8Array }>(
    db,
    sql`select j.tenant_id, j.service, c.items from detection_item_chunks c join detection_jobs j on j.id = c.job_id
        where c.job_id = ${jobId} order by c.first_seq`,
  );
  for (const chunk of chunks) {
    const items = (await unpackItems(chunk.items, chunk.service)).map(
      ([seq, input, e164, status, rejectReason]) => ({
        seq,
        input,
        e164,
        status: status === "done" ? "queued" : status,
        rejectReason,
      }),
    );
    await jobRepo(db).insertItems(db, chunk.tenant_id, jobId, items);
  }
  await db.execute(sql`delete from detection_item_chunks where job_id = ${jobId}`);
  await t.database.db.execute(
    sql`update detection_items set status = 'queued', result = null, outcome = null, line_type = null,
          country = null, carrier = null, risk = null, finished_at = null
        where job_id = ${jobId} and status = 'done'`,
  );
}
