import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants } from "node:zlib";

/**
 * The customer's own columns of an uploaded file (name, e-mail, ... beside the number), kept so the
 * results file gives their rows back with our columns appended (docs/architecture.md, "The
 * customer's own columns"; the organisation may turn it off). The cells of the rows of one written
 * batch of items are one chunk: JSON `[[seq, ...cells], ...]` compressed with brotli, one database
 * row per chunk. Compressing a whole chunk, not each row, is what makes it small: a row of a CRM
 * export is ~90 bytes of JSON, which brotli or deflate cannot shrink on its own (measured in
 * docs/performance.md).
 */

/** Columns kept of one row; with our ~35 result columns the row still fits a worksheet (16,384). */
export const KEPT_COLUMNS_MAX = 16_000;
/** Characters of kept cells that make a batch be written early, so wide rows keep memory bounded. */
export const KEPT_BATCH_CHARS = 4 * 1024 * 1024;
/**
 * Brotli quality 4: for 5,000 CRM rows (~460 KB of JSON) ~10 ms of a thread-pool thread and
 * ~12 bytes a row; quality 5 is 1.8x the time for 25 % less, 9 is 25x the time (docs/performance.md).
 */
const QUALITY = 4;

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);

export interface FileColumnsInfo {
  /** Columns of the widest row (or of the header), the number's included. */
  width: number;
  /** Row 1's cells when it was a header, else null. */
  header: string[] | null;
}

export interface ColumnsChunk {
  firstSeq: number;
  lastSeq: number;
  cells: Uint8Array;
}

/**
 * Collects the cells of the rows whose items are written, batch by batch. The number's own cell is
 * stored empty (the item holds it) and trailing empty cells are dropped; a row with nothing else
 * is not stored at all.
 */
export function fileColumnsCollector(column: number, header: string[] | null) {
  let rows: (string | number)[][] = [];
  let chars = 0;
  const info: FileColumnsInfo = {
    width: Math.min(header?.length ?? 0, KEPT_COLUMNS_MAX),
    header: header ? header.slice(0, KEPT_COLUMNS_MAX) : null,
  };
  return {
    info,
    /**
     * What the job keeps of the file: nothing for a file of one column (its only cell is the
     * number, which the item holds), else its width and header.
     */
    kept(): FileColumnsInfo | null {
      return info.width > 1 ? info : null;
    },
    /** Characters collected since the last `take`: past KEPT_BATCH_CHARS the batch is written. */
    get chars() {
      return chars;
    },
    add(seq: number, cells: readonly string[]) {
      let end = Math.min(cells.length, KEPT_COLUMNS_MAX);
      info.width = Math.max(info.width, end);
      while (end > 0 && (cells[end - 1] === "" || end - 1 === column)) end--;
      if (end === 0) return;
      const row: (string | number)[] = [seq];
      for (let i = 0; i < end; i++) {
        const cell = i === column ? "" : (cells[i] ?? "");
        chars += cell.length;
        row.push(cell);
      }
      rows.push(row);
    },
    /** The collected rows as one compressed chunk (null when none had other cells), and a fresh start. */
    async take(): Promise<ColumnsChunk | null> {
      const taken = rows;
      rows = [];
      chars = 0;
      if (taken.length === 0) return null;
      const cells = await compress(Buffer.from(JSON.stringify(taken)), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
      return { firstSeq: taken[0]![0] as number, lastSeq: taken.at(-1)![0] as number, cells };
    },
  };
}

export type FileColumnsCollector = ReturnType<typeof fileColumnsCollector>;

/** A stored chunk back to its rows by seq (cells as stored: the number's cell empty). */
export async function readChunk(cells: Uint8Array): Promise<Map<number, string[]>> {
  const text = (await decompress(cells)).toString("utf8");
  const rows = JSON.parse(text) as [number, ...string[]][];
  return new Map(rows.map(([seq, ...rest]) => [seq, rest]));
}

/**
 * The customer's cells of items read in seq order (a results download), one chunk in memory at a
 * time: `chunkFrom(seq)` answers the first stored chunk that ends at or after `seq`.
 */
export function fileColumnsReader(
  info: FileColumnsInfo,
  column: number,
  chunkFrom: (seq: number) => Promise<ColumnsChunk | undefined>,
) {
  let current: { lastSeq: number; rows: Map<number, string[]> } | null = null;
  let exhausted = false;
  return {
    /** The file's header line: its own names, or blank names for a file without one. */
    header(): string[] {
      return Array.from({ length: info.width }, (_, i) => info.header?.[i] ?? "");
    },
    /** The row as the file had it, `input` back in the number's column, padded to the width. */
    async row(seq: number, input: string): Promise<string[]> {
      if (!exhausted && (!current || seq > current.lastSeq)) {
        const chunk = await chunkFrom(seq);
        if (chunk) current = { lastSeq: chunk.lastSeq, rows: await readChunk(chunk.cells) };
        else {
          current = null;
          exhausted = true;
        }
      }
      const stored = current?.rows.get(seq);
      const out = Array.from({ length: info.width }, (_, i) => stored?.[i] ?? "");
      if (column < info.width) out[column] = input;
      return out;
    },
  };
}
