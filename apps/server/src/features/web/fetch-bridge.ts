import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { requestOrigin } from "../../http/public-url";

/** Turns a Fastify request into a fetch Request for the page renderer. */
export function toFetchRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, requestOrigin(request));
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, String(value));
  }
  const controller = new AbortController();
  request.raw.once("close", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody && request.body !== undefined ? JSON.stringify(request.body) : undefined,
  });
}

/** Streams a fetch Response back through Fastify. */
export async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/** The same for a raw Node response (development, where Vite owns the response). */
export async function writeToNode(res: import("node:http").ServerResponse, response: Response) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
}
