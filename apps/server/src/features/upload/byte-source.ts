import type { Readable } from "node:stream";
import type { ReadDeadline } from "./deadline";
import { formatBytes, uploadError } from "./upload-error";

/**
 * The uploaded stream, counted as it arrives. The limit is enforced per chunk, so an oversized
 * upload is cut off at the limit instead of being read (or buffered) to its end.
 */
export class ByteSource {
  private readonly iterator: AsyncIterator<unknown>;
  /** Chunks read ahead by `peek`, handed out again by `next` before anything new is read. */
  private readonly pending: Buffer[] = [];
  private ended = false;
  private received = 0;
  /** Cuts off a sender that stalls past the deadline: no chunk arrives for a check to run on. */
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    private readonly source: Readable,
    private readonly maxBytes: number,
    deadline?: ReadDeadline,
  ) {
    this.iterator = source[Symbol.asyncIterator]();
    this.timer = deadline
      ? setTimeout(() => {
          if (!this.source.destroyed) this.source.destroy(deadline.error());
        }, deadline.left).unref()
      : null;
  }

  /** The next chunk, or null at the end. Throws fileTooLarge (and destroys the source) past the limit. */
  async next(): Promise<Buffer | null> {
    return this.pending.shift() ?? (await this.read());
  }

  /**
   * At least `size` bytes from the start (fewer only when the stream is shorter), without consuming
   * them. `complete` says the stream ended inside the returned bytes.
   */
  async peek(size: number): Promise<{ head: Buffer; complete: boolean }> {
    let buffered = this.pending.reduce((sum, chunk) => sum + chunk.length, 0);
    while (buffered < size) {
      const chunk = await this.read();
      if (!chunk) break;
      this.pending.push(chunk);
      buffered += chunk.length;
    }
    const head = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    return { head, complete: this.ended };
  }

  async *chunks(): AsyncGenerator<Buffer> {
    for (let chunk = await this.next(); chunk; chunk = await this.next()) yield chunk;
  }

  /** Stops reading and releases the upload; safe to call any number of times. */
  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.ended = true;
    this.pending.length = 0;
    if (!this.source.destroyed) this.source.destroy();
  }

  private async read(): Promise<Buffer | null> {
    if (this.ended) return null;
    const { value, done } = await this.iterator.next();
    if (done) {
      this.ended = true;
      return null;
    }
    const chunk = toBuffer(value);
    this.received += chunk.length;
    if (this.received > this.maxBytes) {
      this.destroy();
      throw uploadError("fileTooLarge", { max: formatBytes(this.maxBytes) });
    }
    return chunk;
  }
}

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === "string") return Buffer.from(value);
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError("upload stream must produce bytes");
}
