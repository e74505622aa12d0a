import { tmpdir } from "node:os";
import type { Readable } from "node:stream";
import { ByteSource } from "./byte-source";
import { ReadDeadline } from "./deadline";
import { hasBinarySignature, isZip } from "./sniff";
import { detectEncoding, ENCODING_SAMPLE_BYTES } from "./text-encoding";
import { openTextTable } from "./text-table";
import { uploadError } from "./upload-error";
import { openXlsxTable } from "./xlsx-table";

export interface OpenedTable {
  format: "csv" | "txt" | "xlsx";
  /** "utf-8", "utf-16le", "utf-16be", "gb18030", "windows-1252" for text files; "xlsx" for workbooks. */
  encoding: string;
  /** Detected field separator for text files (",", ";", "\t", "|") or null (one column / xlsx). */
  delimiter: string | null;
  /**
   * Rows in file order as arrays of cell strings (empty cells ""); fully empty lines skipped.
   * Iterate once. Throws fileEmpty at the end when the file held no row at all, and the upload
   * errors (too large, broken encoding, ...) met on the way.
   */
  rows: AsyncIterable<string[]>;
  /**
   * The same rows, as many as each piece of the file held at a time: a reader of millions of rows
   * awaits once a piece instead of once a row (docs/performance.md, "Packed results and rows read in pieces"). Either
   * `rows` or `batches` is read, once.
   */
  batches: AsyncIterable<string[][]>;
  /** Frees everything (temp files, the source stream) even when iteration stopped early. Idempotent. */
  close(): Promise<void>;
}

export interface OpenTableOptions {
  /** The name the customer's file had: decides the format, which the bytes must then confirm. */
  fileName: string;
  maxBytes: number;
  /** What an XLSX may unpack to; more is refused as a zip bomb. */
  maxUnpackedBytes: number;
  /** Where an XLSX is spooled (a zip needs random access); the system's temp folder by default. */
  tmpDir?: string;
  /**
   * How long reading may take from now, sending included (UPLOAD_MAX_SECONDS); past it the read
   * fails with fileReadTooSlow. Unbounded when absent.
   */
  maxSeconds?: number;
}

/**
 * Opens an uploaded CSV, TXT or XLSX as a stream of rows, never holding the whole file in memory.
 * Takes over `source`: it is destroyed on any error here and by `close()`.
 */
export async function openTable(source: Readable, options: OpenTableOptions): Promise<OpenedTable> {
  const format = formatOf(options.fileName);
  if (!format) {
    source.destroy();
    throw uploadError("fileTypeUnsupported");
  }
  const deadline = options.maxSeconds === undefined ? undefined : new ReadDeadline(options.maxSeconds);
  const bytes = new ByteSource(source, options.maxBytes, deadline);
  try {
    const { head, complete } = await bytes.peek(ENCODING_SAMPLE_BYTES);
    if (head.length === 0) throw uploadError("fileEmpty");
    const name = baseName(options.fileName);
    if (format === "xlsx") {
      if (!isZip(head)) throw uploadError("fileTypeMismatch", { name, expected: "XLSX" });
      return await openXlsxTable(bytes, {
        maxUnpackedBytes: options.maxUnpackedBytes,
        tmpDir: options.tmpDir ?? tmpdir(),
        deadline,
      });
    }
    const encoding = hasBinarySignature(head) ? null : detectEncoding(head, complete);
    if (!encoding) throw uploadError("fileTypeMismatch", { name, expected: format.toUpperCase() });
    return await openTextTable(bytes, format, encoding, deadline);
  } catch (err) {
    bytes.destroy();
    throw err;
  }
}

function formatOf(fileName: string): OpenedTable["format"] | null {
  const match = /\.(csv|txt|xlsx)$/i.exec(fileName.trim());
  return match ? (match[1]!.toLowerCase() as OpenedTable["format"]) : null;
}

/** Browsers send a bare name, but some old ones sent the whole Windows path. */
function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() ?? fileName;
}
