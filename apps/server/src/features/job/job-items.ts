import { type PackedResult, unpackResult } from "../detection/index";
import { tupleMatches, tupleRow, unpackItems } from "./item-chunks";
import type { ItemFilter, ItemRow, JobRepo } from "./job-repo";

/** What reading a job's items needs of the job: its chunks' results read by its service. */
type ChunkedJob = { id: string; service: string; unit_price_micros: string };

/**
 * A job's items in seq order, filtered, after `after`: its item rows and its chunks of items
 * (item-chunks.ts) merged, so a page, a download and a count read one sequence whichever way the
 * items were stored. Rows are fetched `pageSize` at a time; chunks one at a time, and only those
 * whose counts say they hold matching items.
 */
export async function* jobItems(
  repo: JobRepo,
  tenantId: string,
  job: ChunkedJob,
  filter: ItemFilter,
  { after = -1, pageSize }: { after?: number; pageSize: number },
): AsyncGenerator<ItemRow> {
  const rows = itemRows(repo, tenantId, job.id, filter, after, pageSize);
  const chunked = chunkItems(repo, tenantId, job, filter, after);
  let row = await rows.next();
  let fromChunk = await chunked.next();
  while (!row.done || !fromChunk.done) {
    if (fromChunk.done || (!row.done && row.value.seq < fromChunk.value.seq)) {
      yield row.value as ItemRow;
      row = await rows.next();
    } else {
      yield fromChunk.value;
      fromChunk = await chunked.next();
    }
  }
}

/** The first `limit` items of `jobItems`, and the cursor of the next page (null at the end). */
export async function pageOfItems(
  repo: JobRepo,
  tenantId: string,
  job: ChunkedJob,
  query: ItemFilter & { cursor?: number; limit: number },
): Promise<{ rows: ItemRow[]; nextCursor: number | null }> {
  const rows: ItemRow[] = [];
  const items = jobItems(repo, tenantId, job, query, { after: query.cursor, pageSize: query.limit });
  for await (const item of items) {
    rows.push(item);
    if (rows.length === query.limit) break;
  }
  await items.return(undefined);
  return { rows, nextCursor: rows.length === query.limit ? rows.at(-1)!.seq : null };
}

async function* itemRows(
  repo: JobRepo,
  tenantId: string,
  jobId: string,
  filter: ItemFilter,
  after: number,
  pageSize: number,
) {
  let cursor = after;
  for (;;) {
    const page = await repo.itemRows(tenantId, jobId, { ...filter, cursor, limit: pageSize });
    for (const row of page) {
      // A single check's result is stored packed (detection/packed-result.ts); others as views.
      if (row.result) row.result = unpackResult(row.result as PackedResult, row.e164);
      yield row;
    }
    if (page.length < pageSize) return;
    cursor = page.at(-1)!.seq;
  }
}

async function* chunkItems(
  repo: JobRepo,
  tenantId: string,
  job: ChunkedJob,
  filter: ItemFilter,
  after: number,
) {
  let cursor = after;
  for (;;) {
    const chunk = await repo.itemChunkAfter(tenantId, job.id, cursor, filter);
    if (!chunk) return;
    const tuples = await unpackItems(chunk.items, job.service);
    for (const tuple of tuples)
      if (tuple[0] > cursor && tupleMatches(tuple, filter)) yield tupleRow(tuple, job.unit_price_micros);
    cursor = chunk.last_seq;
  }
}
