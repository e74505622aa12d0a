import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { rm } from "node:fs/promises";

/**
 * A workbook's shared string table, which cells point into from anywhere in the sheet. The first
 * strings are kept in memory up to `memoryChars`; the rest go to private temp files read back
 * through small block caches, so the heap an upload costs is bounded by a constant whatever the
 * table holds (docs/security.md). A large real table still reads at nearly memory speed: writers
 * number strings in the order cells first use them, so reads move forwards through the blocks.
 */
export class StringTable {
  private readonly memory: string[] = [];
  private memoryLeft: number;
  /** Spilled strings' UTF-8 bytes, back to back. */
  private text: SpillFile | null = null;
  /** Each spilled string's start in `text` as a float64 (exact to 2^53), plus the final end. */
  private starts: SpillFile | null = null;
  private spilled = 0;
  private sealed = false;

  constructor(
    private readonly tempPath: (part: string) => string,
    memoryChars: number,
  ) {
    this.memoryLeft = memoryChars;
  }

  get size(): number {
    return this.memory.length + this.spilled;
  }

  add(value: string): void {
    if (this.sealed) throw new Error("string table sealed");
    if (this.text === null && value.length + ENTRY_CHARS <= this.memoryLeft) {
      this.memoryLeft -= value.length + ENTRY_CHARS;
      this.memory.push(value);
      return;
    }
    this.text ??= new SpillFile(this.tempPath("strings"));
    this.starts ??= new SpillFile(this.tempPath("starts"));
    this.starts.appendNumber(this.text.length);
    this.text.appendText(value);
    this.spilled += 1;
  }

  /** Ends writing; reads may begin. */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    if (this.text === null) return;
    this.starts!.appendNumber(this.text.length);
    this.text.flush();
    this.starts!.flush();
  }

  /** The string at `index`, or undefined past the end. */
  get(index: number): string | undefined {
    if (index < this.memory.length) return this.memory[index];
    const spilled = index - this.memory.length;
    if (!(spilled < this.spilled)) return undefined;
    if (!this.sealed) throw new Error("string table read before seal");
    const start = this.starts!.read(spilled * 8, 8).readDoubleLE(0);
    const end = this.starts!.read(spilled * 8 + 8, 8).readDoubleLE(0);
    return this.text!.read(start, end - start).toString("utf8");
  }

  async dispose(): Promise<void> {
    await Promise.all([this.text?.dispose(), this.starts?.dispose()]);
    this.text = null;
    this.starts = null;
  }
}

/**
 * An append-only private temp file with a write buffer and a small read cache. Appends are copied
 * into one fixed buffer, so millions of small strings leave no garbage behind (the heap stays flat,
 * not just bounded after a collection).
 */
class SpillFile {
  private readonly fd: number;
  private written = 0;
  private readonly buffer = Buffer.allocUnsafe(FLUSH_BYTES);
  private used = 0;
  private readonly blocks = new Map<number, Buffer>();

  constructor(private readonly path: string) {
    // Read and write; fails if the name exists (never follows a planted file).
    this.fd = openSync(path, "wx+", 0o600);
  }

  /** Bytes appended so far, flushed or not. */
  get length(): number {
    return this.written + this.used;
  }

  appendText(value: string): void {
    // A string's UTF-8 is at most three bytes per UTF-16 unit.
    if (value.length * 3 > FLUSH_BYTES - this.used) {
      this.flush();
      if (value.length * 3 > FLUSH_BYTES) {
        this.writeAll(Buffer.from(value, "utf8"));
        return;
      }
    }
    this.used += this.buffer.write(value, this.used, "utf8");
  }

  appendNumber(value: number): void {
    if (this.used + 8 > FLUSH_BYTES) this.flush();
    this.used = this.buffer.writeDoubleLE(value, this.used);
  }

  flush(): void {
    if (this.used === 0) return;
    const used = this.used;
    this.used = 0;
    this.writeAll(this.buffer.subarray(0, used));
  }

  private writeAll(data: Buffer): void {
    let offset = 0;
    while (offset < data.length) {
      offset += writeSync(this.fd, data, offset, data.length - offset, this.written + offset);
    }
    this.written += data.length;
  }

  /** `length` bytes from `at` (of what was flushed), through the block cache when in one block. */
  read(at: number, length: number): Buffer {
    if (length === 0) return Buffer.alloc(0);
    const block = Math.floor(at / BLOCK);
    if (Math.floor((at + length - 1) / BLOCK) === block) {
      const offset = at - block * BLOCK;
      return this.block(block).subarray(offset, offset + length);
    }
    const out = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const n = readSync(this.fd, out, read, length - read, at + read);
      if (n === 0) break;
      read += n;
    }
    return out.subarray(0, read);
  }

  async dispose(): Promise<void> {
    closeSync(this.fd);
    this.blocks.clear();
    await rm(this.path, { force: true });
  }

  private block(index: number): Buffer {
    let data = this.blocks.get(index);
    if (!data) {
      if (this.blocks.size >= CACHED_BLOCKS) this.blocks.delete(this.blocks.keys().next().value!);
      const buffer = Buffer.allocUnsafe(BLOCK);
      data = buffer.subarray(0, readSync(this.fd, buffer, 0, BLOCK, index * BLOCK));
      this.blocks.set(index, data);
    }
    return data;
  }
}

/** What one in-memory entry costs beyond its characters (the array slot, the string's header). */
const ENTRY_CHARS = 16;
const FLUSH_BYTES = 1 << 20;
const BLOCK = 64 * 1024;
const CACHED_BLOCKS = 4;
