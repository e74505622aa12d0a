/**
 * @numcheck/sdk/node: what needs Node.js, kept out of the main entry so browsers never load it.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { Readable } from "node:stream";
import type { FileLike } from "./upload.js";

export type { FileLike } from "./upload.js";

/**
 * A file on disk for `jobs.upload`: its name and size, streamed from disk at each attempt (so an
 * upload may be retried), never read into memory whole.
 */
export async function fileFromPath(path: string, options: { type?: string } = {}): Promise<FileLike> {
  const { size } = await stat(path);
  return {
    name: basename(path),
    size,
    type: options.type ?? "",
    stream: () => Readable.toWeb(createReadStream(path)) as unknown as ReadableStream<Uint8Array>,
  };
}
