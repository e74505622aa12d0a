import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** A body as its reader sees it once the answer's Content-Encoding is undone (br, gzip or none). */
export function decodeBody(contentEncoding: unknown, body: Buffer): Buffer {
  if (contentEncoding === "br") return brotliDecompressSync(body);
  if (contentEncoding === "gzip") return gunzipSync(body);
  if (contentEncoding !== undefined)
    throw new Error(`unexpected Content-Encoding: ${String(contentEncoding)}`);
  return body;
}
