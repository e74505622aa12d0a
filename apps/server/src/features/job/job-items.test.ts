import { brotliCompressSync } from "node:zlib";
import { basicCheck } from "@nc/numcheck/basic-check";
import { describe, expect, it } from "vitest";
import { resultFacets } from "../detection/index";
import { chunkBuilder, type ItemChunk, tupleMatches, unpackItems } from "./item-chunks";
import { jobItems, pageOfItems } from "./job-items";
import type { ItemFilter, ItemRow, JobRepo, NewItem } from "./job-repo";
import { defaultProcessor } from "./process-item";

const processor = defaultProcessor();

/** A done basic item (its result and facets as ingest makes them), or a rejected one. */
function item(seq: number, e164: string, status = "done"): NewItem {
  const done = status === "done";
  const result = done ? processor.offline!("basic", basicCheck(e164)) : null;
  return {
    seq,
    input: e164.replace("+", "00"),
    e164,
    status,
    rejectReason: done ? null : "duplicate",
    result,
    facets: result && resultFacets("basic", result),
  };
}

/** The item a stored row of detection_items reads back as (job-repo `itemRows`). */
function row(i: NewItem): ItemRow {
  return {
    seq: i.seq,
    input: i.input,
    e164: i.e164,
    status: i.status,
    reject_reason: i.rejectReason,
    result: i.result ?? null,
    cost_micros: "0",
    attempts: 1,
    finished_at: null,
    ledger_entry_id: null,
  };
}

/**
 * A repository holding `rows` as item rows and `chunks` as stored chunks, answering the two reads
 * jobItems makes the way the SQL does (seq order, keyset, the chunks' counts as the skip test).
 */
function fakeRepo(rows: NewItem[], chunks: ItemChunk[]) {
  const reads = { rowPages: 0, chunks: 0 };
  const repo = {
    async itemRows(_t: string, _j: string, q: ItemFilter & { cursor?: number; limit: number }) {
      reads.rowPages++;
      return rows
        .filter((i) => i.seq > (q.cursor ?? -1))
        .map(row)
        .filter(
          (r) =>
            (!q.status || r.status === q.status) &&
            (!q.country || (r.result as NewItem["result"])?.basic.country?.iso2 === q.country),
        )
        .slice(0, q.limit);
    },
    async itemChunkAfter(_t: string, _j: string, seq: number, f: ItemFilter) {
      const chunk = chunks.find(
        (c) =>
          c.lastSeq > seq &&
          (!f.status || c.counts.status.some(([v]) => v === f.status)) &&
          (!f.country || c.counts.country.some(([v]) => v === f.country)),
      );
      if (chunk) reads.chunks++;
      return chunk && { last_seq: chunk.lastSeq, items: chunk.items };
    },
  } as unknown as JobRepo;
  return { repo, reads };
}

/** The items as one chunk, as ingest writes them. */
async function packItems(items: NewItem[]): Promise<ItemChunk> {
  const builder = chunkBuilder();
  for (const i of items) builder.add(i);
  return (await builder.take())!;
}

const JOB = { id: "job", service: "basic", unit_price_micros: "2500" };
/** Valid mobiles: Three's in Great Britain, T-Mobile's in Germany. */
const gb = (seq: number) => item(seq, `+4474009${String(seq).padStart(5, "0")}`);
const de = (seq: number) => item(seq, `+4915112${String(seq).padStart(6, "0")}`);

describe("items stored in chunks", () => {
  it("packs a batch with its counts and reads the same items back", async () => {
    const batch = [gb(0), de(1), item(2, "+447400900000", "rejected"), gb(3)];
    const builder = chunkBuilder();
    expect(await builder.take()).toBeNull();
    for (const i of batch) builder.add(i);
    expect(builder.size).toBe(4);
    const chunk = (await builder.take())!;
    expect(builder.size).toBe(0);
    expect([chunk.firstSeq, chunk.lastSeq]).toEqual([0, 3]);
    expect(new Map(chunk.counts.status)).toEqual(
      new Map([
        ["done", 3],
        ["rejected", 1],
      ]),
    );
    // Facets count done items only, the reason rejected ones only: as the result view counts.
    expect(new Map(chunk.counts.country)).toEqual(
      new Map([
        ["GB", 2],
        ["DE", 1],
      ]),
    );
    expect(new Map(chunk.counts.carrier)).toEqual(
      new Map([
        ["Three", 2],
        ["T-Mobile", 1],
      ]),
    );
    expect(chunk.counts.reject_reason).toEqual([["duplicate", 1]]);
    const tuples = await unpackItems(chunk.items, "basic");
    expect(tuples.map((t) => t[0])).toEqual([0, 1, 2, 3]);
    // The result comes back as the view it was (stored packed, see detection/packed-result.ts),
    // with its facets.
    expect(tuples[1]).toEqual([
      1,
      "004915112000001",
      "+4915112000001",
      "done",
      null,
      batch[1]!.result,
      "valid",
      "mobile",
      "DE",
      "T-Mobile",
      null,
    ]);
    expect(tuples[2]!.slice(3)).toEqual(["rejected", "duplicate", null, null, null, null, null, null]);
  });

  it("reads a chunk written before results were packed (views and facets in each tuple)", async () => {
    const i = de(5);
    const f = i.facets!;
    const older = [
      [5, i.input, i.e164, "done", null, i.result, f.outcome, f.lineType, f.country, f.carrier, f.risk],
    ];
    const items = brotliCompressSync(Buffer.from(JSON.stringify(older)));
    const current = await unpackItems((await packItems([i])).items, "basic");
    expect(await unpackItems(items, "basic")).toEqual(current);
    expect(current[0]![5]).toEqual(i.result);
  });

  it("filters a tuple as the SQL filters a row", async () => {
    const [t] = await unpackItems((await packItems([de(7)])).items, "basic");
    expect(tupleMatches(t!, {})).toBe(true);
    expect(tupleMatches(t!, { status: "done", country: "DE", outcome: "valid", lineType: "mobile" })).toBe(
      true,
    );
    expect(tupleMatches(t!, { country: "GB" })).toBe(false);
    expect(tupleMatches(t!, { carrier: "Vodafone" })).toBe(false);
    expect(tupleMatches(t!, { carrier: "T-Mobile" })).toBe(true);
    // A number prefix matches the E.164 form (with or without +) or the input as written.
    expect(tupleMatches(t!, { q: "4915" })).toBe(true);
    expect(tupleMatches(t!, { q: "+49 151" })).toBe(true);
    expect(tupleMatches(t!, { q: "0049151" })).toBe(true);
    expect(tupleMatches(t!, { q: "4474" })).toBe(false);
    // No digits in the search: no number test, as in the SQL.
    expect(tupleMatches(t!, { q: "abc" })).toBe(true);
  });

  it("merges item rows and chunks in seq order, pages across chunk edges, and skips chunks by counts", async () => {
    // Seqs 0-9 and 20-29 in chunks (GB then DE), 10-19 as rows (mixed).
    const chunks = [
      await packItems(Array.from({ length: 10 }, (_, i) => gb(i))),
      await packItems(Array.from({ length: 10 }, (_, i) => de(20 + i))),
    ];
    const rows = Array.from({ length: 10 }, (_, i) => (i % 2 ? de(10 + i) : gb(10 + i)));
    const { repo, reads } = fakeRepo(rows, chunks);

    const all: ItemRow[] = [];
    for await (const i of jobItems(repo, "t", JOB, {}, { pageSize: 4 })) all.push(i);
    expect(all.map((i) => i.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Chunked done items cost the job's unit price; rows carry their own.
    expect(all[0]!.cost_micros).toBe("2500");
    expect(all[10]!.cost_micros).toBe("0");

    // Pages of 7 by cursor give the same sequence, a page ending inside a chunk.
    const paged: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const page = await pageOfItems(repo, "t", JOB, { limit: 7, cursor });
      paged.push(...page.rows.map((r) => r.seq));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(paged).toEqual(all.map((i) => i.seq));

    // DE only: the GB chunk is never read.
    reads.chunks = 0;
    const germans: number[] = [];
    for await (const i of jobItems(repo, "t", JOB, { country: "DE" }, { pageSize: 100 })) germans.push(i.seq);
    expect(germans).toEqual([11, 13, 15, 17, 19, ...Array.from({ length: 10 }, (_, i) => 20 + i)]);
    expect(reads.chunks).toBe(1);
  });
});
