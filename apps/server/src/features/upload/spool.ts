import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { uploadTempPath } from "./temp-files";

/**
 * Writes the upload to a new private temp file and answers its path. A zip is read from its end
 * (the central directory) and then by offsets, which a one-way upload stream cannot do. On any
 * failure, including the byte limit tripping mid-way, the partial file is removed.
 */
export async function spoolToTempFile(chunks: AsyncIterable<Buffer>, dir: string): Promise<string> {
  const path = uploadTempPath(dir, "book.xlsx");
  try {
    await pipeline(chunks, createWriteStream(path, { flags: "wx", mode: 0o600 }));
    return path;
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
}
