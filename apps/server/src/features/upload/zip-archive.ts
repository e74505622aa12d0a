import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { AppError } from "../../core/app-error";
import type { ReadDeadline } from "./deadline";
import { MAX_PART_NAME, MAX_ZIP_ENTRIES } from "./limits";
import { formatBytes, uploadError } from "./upload-error";

const EMPTY = Buffer.alloc(0);

/**
 * A spooled zip with the zip-bomb guards of an upload:
 * - before anything is inflated, the sizes the central directory declares must add up to no more
 *   than `maxUnpackedBytes`;
 * - while inflating, yauzl's validateEntrySizes fails an entry that grows past its declared size
 *   (a zip lying in both headers), and every inflated byte read is counted against the limit too;
 * - the directory kept in memory is bounded: at most MAX_ZIP_ENTRIES entries, names of at most
 *   MAX_PART_NAME bytes, and no entry keeps its extra fields or comment (up to 64 KB each);
 * - every chunk inflated checks the upload's read deadline, so no part is read for longer.
 */
export class ZipArchive {
  private readonly entries = new Map<string, Entry>();
  private readonly lowerCase = new Map<string, Entry>();
  private inflated = 0;
  private closed = false;

  private constructor(
    private readonly zip: ZipFile,
    private readonly maxUnpackedBytes: number,
    private readonly deadline: ReadDeadline | undefined,
  ) {}

  static async open(path: string, maxUnpackedBytes: number, deadline?: ReadDeadline): Promise<ZipArchive> {
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(path, {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
        strictFileNames: false,
      });
    } catch {
      throw uploadError("fileCorrupt");
    }
    const archive = new ZipArchive(zip, maxUnpackedBytes, deadline);
    try {
      await archive.readDirectory();
    } catch (err) {
      archive.close();
      throw archive.mapError(err);
    }
    return archive;
  }

  /** The entry with this name; zips written on Windows sometimes differ in case. */
  find(name: string): Entry | undefined {
    return this.entries.get(name) ?? this.lowerCase.get(name.toLowerCase());
  }

  /** The entry's inflated bytes as they come; stopping early releases the stream. */
  async *read(entry: Entry): AsyncGenerator<Buffer> {
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch (err) {
      throw this.mapError(err);
    }
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        this.inflated += chunk.length;
        if (this.inflated > this.maxUnpackedBytes) throw this.expandsTooMuch();
        this.deadline?.check();
        yield chunk;
      }
    } catch (err) {
      throw this.mapError(err);
    } finally {
      stream.destroy();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.zip.close();
  }

  private async readDirectory(): Promise<void> {
    if (this.zip.entryCount > MAX_ZIP_ENTRIES) throw uploadError("fileCorrupt");
    let declared = 0;
    let count = 0;
    for await (const entry of this.zip.eachEntry()) {
      // The count in the end record can lie; the entries read cannot.
      count += 1;
      if (count > MAX_ZIP_ENTRIES || entry.fileNameLength > MAX_PART_NAME) throw uploadError("fileCorrupt");
      declared += entry.uncompressedSize;
      if (declared > this.maxUnpackedBytes) throw this.expandsTooMuch();
      // Only the name, sizes and offsets are read again; the rest would pin its buffer.
      Object.assign(entry, {
        extraFields: [],
        extraFieldRaw: EMPTY,
        fileNameRaw: EMPTY,
        fileComment: "",
        fileCommentRaw: EMPTY,
        comment: "",
      });
      this.entries.set(entry.fileName, entry);
      this.lowerCase.set(entry.fileName.toLowerCase(), entry);
    }
  }

  private expandsTooMuch(): AppError {
    return uploadError("fileExpandsTooMuch", { max: formatBytes(this.maxUnpackedBytes) });
  }

  /** Ours pass; an entry inflating past its declared size is a bomb; anything else is damage. */
  private mapError(err: unknown): AppError {
    if (err instanceof AppError) return err;
    if (err instanceof Error && /too many bytes/.test(err.message)) return this.expandsTooMuch();
    return uploadError("fileCorrupt");
  }
}
