import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants } from "node:zlib";
import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import { type PackedResult, packResult, resultFacets, unpackResult } from "../detection/index";
import { FILTERED, type ItemFilter, type ItemRow, type NewItem, numberSearch } from "./job-repo";

/**
 * Items stored in chunks (docs/architecture.md, "Items stored in chunks"): a written batch whose
 * every number was answered or rejected while it was read is one row of detection_item_chunks,
 * its items a brotli-compressed JSON array of tuples (`StoredTuple`), beside their counts per status
 * and facet.
 * Storing a row per number cost PGlite 17–25 µs a number against the engine's 9
 * (docs/performance.md, "Bulk pipeline vs the engine"); a chunk costs a few µs of JSON on the
 * main thread and its compression runs on a thread-pool thread.
 */

/**
 * Brotli quality 2: 5,000 basic results as full views (~3.8 MB of JSON) in ~17 ms to ~30 bytes an
 * item, packed (detection/packed-result.ts) to ~15; quality 1 is 20 % larger for little less
 * time, 4 is 1.5× the time for no gain (docs/performance.md, "Items stored in chunks").
 */
const QUALITY = 2;

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);

/** The columns a chunk counts its items by: the status, and the facets the result view filters on. */
export const COUNTED = [
  "status",
  "outcome",
  "line_type",
  "country",
  "carrier",
  "risk",
  "reject_reason",
] as const;
export type Counted = (typeof COUNTED)[number];
export type ChunkCounts = Record<Counted, [string | null, number][]>;

export interface ItemChunk {
  firstSeq: number;
  lastSeq: number;
  counts: ChunkCounts;
  items: Uint8Array;
}

/**
 * One item as a chunk stores it: its result packed (detection/packed-result.ts), its facets not
 * at all (they follow from the result). Chunks written before results were packed hold
 * `ItemTuple`s: the view and the facets.
 */
export type StoredTuple = [
  seq: number,
  input: string,
  e164: string | null,
  status: string,
  rejectReason: string | null,
  result: PackedResult | SingleCheckResultView | null,
];

/** One item of a chunk as it is read: its result view and its facets. */
export type ItemTuple = [
  seq: number,
  input: string,
  e164: string | null,
  status: string,
  rejectReason: string | null,
  result: unknown,
  outcome: string | null,
  lineType: string | null,
  country: string | null,
  carrier: string | null,
  risk: string | null,
];

/**
 * Collects the items of a batch that nothing waits on (answered or rejected) as they are read,
 * each written as JSON into the chunk's buffer at once: a batch's thousands of results then live
 * as bytes until the chunk is written, not as object graphs or strings the garbage collector must
 * copy and mark (docs/performance.md, "Items stored in chunks"). Items must be added in seq order.
 */
export function chunkBuilder() {
  let out = Buffer.allocUnsafe(1 << 20);
  let length = 0;
  let size = 0;
  let firstSeq = 0;
  let lastSeq = 0;
  let tally = freshTally();
  const count = (column: Counted, value: string | null) =>
    tally[column].set(value, (tally[column].get(value) ?? 0) + 1);
  /** Appends text, growing the buffer when the text could not fit (UTF-8: 3 bytes a UTF-16 unit). */
  const write = (text: string) => {
    if (length + text.length * 3 > out.length) {
      const grown = Buffer.allocUnsafe(Math.max(out.length * 2, length + text.length * 3));
      out.copy(grown, 0, 0, length);
      out = grown;
    }
    length += out.write(text, length);
  };
  return {
    get size() {
      return size;
    },
    add(item: NewItem) {
      const f = item.facets;
      const tuple: StoredTuple = [
        item.seq,
        item.input,
        item.e164,
        item.status,
        item.rejectReason,
        item.result ? packResult(item.result) : null,
      ];
      // Facets are counted as the result view counts them: those of the results of done items,
      // the reason of rejected ones.
      count("status", item.status);
      if (item.status === "done") {
        count("outcome", f?.outcome ?? null);
        count("line_type", f?.lineType ?? null);
        count("country", f?.country ?? null);
        count("carrier", f?.carrier ?? null);
        count("risk", f?.risk ?? null);
      }
      if (item.status === "rejected") count("reject_reason", item.rejectReason);
      if (size === 0) firstSeq = item.seq;
      lastSeq = item.seq;
      write(size === 0 ? "[" : ",");
      write(JSON.stringify(tuple));
      size++;
    },
    /** The items added since the last take as a chunk (null when none), and a fresh start. */
    async take(): Promise<ItemChunk | null> {
      if (size === 0) return null;
      write("]");
      // The filled buffer goes to the compressor as it is; the next batch writes into a new one.
      const json = out.subarray(0, length);
      const counts = Object.fromEntries(COUNTED.map((c) => [c, [...tally[c]]])) as ChunkCounts;
      const range = { firstSeq, lastSeq };
      out = Buffer.allocUnsafe(out.length);
      length = 0;
      size = 0;
      tally = freshTally();
      const items = await compress(json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      });
      return { ...range, counts, items };
    },
  };
}

export type ChunkBuilder = ReturnType<typeof chunkBuilder>;

function freshTally() {
  return Object.fromEntries(COUNTED.map((c) => [c, new Map<string | null, number>()])) as Record<
    Counted,
    Map<string | null, number>
  >;
}

/** What a stored chunk of a job of `service` holds, in seq order, results and facets unpacked. */
export async function unpackItems(items: Uint8Array, service: string): Promise<ItemTuple[]> {
  const stored = JSON.parse((await decompress(items)).toString("utf8")) as (StoredTuple | ItemTuple)[];
  return stored.map((t) => (t.length === 6 ? readTuple(t, service) : t));
}

/** A stored tuple with its result's view and facets, as the chunk builder counted them. */
function readTuple([seq, input, e164, status, reason, stored]: StoredTuple, service: string): ItemTuple {
  const result = stored === null ? null : unpackResult(stored, e164);
  const f = result === null ? null : resultFacets(service, result);
  return [
    seq,
    input,
    e164,
    status,
    reason,
    result,
    f?.outcome ?? null,
    f?.lineType ?? null,
    f?.country ?? null,
    f?.carrier ?? null,
    f?.risk ?? null,
  ];
}

/**
 * A stored tuple as the row a page or a download reads. Done items of a list or file cost the
 * job's unit price each (they were settled together when the job was submitted).
 */
export function tupleRow(t: ItemTuple, unitPriceMicros: string): ItemRow {
  return {
    seq: t[0],
    input: t[1],
    e164: t[2],
    status: t[3],
    reject_reason: t[4],
    result: t[5],
    cost_micros: t[3] === "done" ? unitPriceMicros : "0",
    attempts: 0,
    finished_at: null,
    ledger_entry_id: null,
  };
}

/** Where a tuple holds the value of each filtered column (job-repo `FILTERED`). */
const TUPLE_AT: Record<(typeof FILTERED)[number][1], number> = {
  status: 3,
  outcome: 6,
  line_type: 7,
  country: 8,
  carrier: 9,
  risk: 10,
};

/** The same test as the item filter's SQL (job-repo `itemWhere`), on a stored tuple. */
export function tupleMatches(t: ItemTuple, f: ItemFilter): boolean {
  for (const [key, column] of FILTERED) if (f[key] && t[TUPLE_AT[column]] !== f[key]) return false;
  const search = numberSearch(f.q);
  return !search || (t[2]?.startsWith(search.e164) ?? false) || t[1].startsWith(search.input);
}
