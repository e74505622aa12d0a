import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import {
  type BrotliOptions,
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type ZlibOptions,
} from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Below this many bytes compression costs more than it saves (headers, CPU): small JSON answers go
 * out as they are (docs/performance.md, "Page weight").
 */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli first (smaller), gzip for the callers that cannot take it. */
const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];

// Brotli at quality 4: compression on the fly is paid per answer, and the higher qualities cost
// many times the CPU for a few percent (the web build uses 11 for its files, once).
const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP: ZlibOptions = { level: 6 };
const compressWhole = {
  br: (data: Buffer) => promisify(brotliCompress)(data, BROTLI),
  gzip: (data: Buffer) => promisify(gzip)(data, GZIP),
};
const compressStream = { br: () => createBrotliCompress(BROTLI), gzip: () => createGzip(GZIP) };

/**
 * What is compressed on the fly: text (pages, CSV), JSON, JavaScript, XML and SVG. Never a
 * Server-Sent stream (each event must reach the reader when it is written, and a compressor holds
 * it back), and never anything already packed (XLSX, ZIP, images: they do not shrink).
 */
export function compressibleType(contentType: string): boolean {
  const type = contentType.split(";", 1)[0]!.trim().toLowerCase();
  if (type === "text/event-stream") return false;
  return (
    type.startsWith("text/") ||
    /[/+]json$/.test(type) ||
    /[/+]xml$/.test(type) ||
    type === "application/javascript" ||
    type === "image/svg+xml"
  );
}

/** The encoding to answer with, or null for the body as it is. */
function chosenEncoding(request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | null {
  if (payload === null || payload === undefined || request.method === "HEAD") return null;
  // Already encoded (a built file sent precompressed, web-handler.ts): never compressed again.
  if (reply.hasHeader("content-encoding")) return null;
  // Partial answers count unencoded bytes; answers without a body have nothing to compress.
  if ([204, 206, 304].includes(reply.statusCode) || reply.hasHeader("content-range")) return null;
  if (!compressibleType(String(reply.getHeader("content-type") ?? ""))) return null;
  if (typeof payload === "string" || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return null;
  } else if (!(payload instanceof Readable)) return null;
  const accept = request.headers["accept-encoding"];
  return accept ? negotiate(String(accept), [...ENCODINGS]) : null;
}

/** Adds Accept-Encoding to Vary, keeping what the answer already varies on. */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = String(reply.getHeader("vary") ?? "");
  if (current === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return;
  reply.header("vary", current ? `${current}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Brotli or gzip, as the caller's Accept-Encoding asks, for every answer: API answers, downloads
 * and the rendered pages (which come from the not-found handler, where route-level plugins never
 * run; a global hook does). Whole bodies are compressed at once, streams as they flow, so a
 * download still starts at once.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    // Whatever the body, its form may depend on the caller's Accept-Encoding.
    if (compressibleType(String(reply.getHeader("content-type") ?? ""))) varyOnAcceptEncoding(reply);
    const encoding = chosenEncoding(request, reply, payload);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    if (typeof payload === "string" || Buffer.isBuffer(payload)) {
      return compressWhole[encoding](Buffer.from(payload));
    }
    const compressor = compressStream[encoding]();
    pipeline(payload as Readable, compressor).catch((error: unknown) => {
      // The source broke mid-way (a database error in a download): the answer ends cut short.
      request.log.warn({ err: error }, "compressed answer ended early");
    });
    return compressor;
  });
}
