import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { WEBHOOK_RESPONSE_BODY_MAX_BYTES } from "@nc/contracts/webhooks";
import { isForbiddenAddress, type Resolve, systemResolve } from "./target-guard";

export interface WebhookRequestInit {
  method: "POST";
  headers: Record<string, string>;
  body: string;
  /** Redirects are answers like any other: never followed. */
  redirect: "manual";
  signal: AbortSignal;
}

/** What the deliverer reads of an answer. Node's fetch fits this shape, so tests may pass it. */
export interface WebhookResponse {
  status: number;
  text(): Promise<string>;
}

export type WebhookFetch = (url: string, init: WebhookRequestInit) => Promise<WebhookResponse>;

/** The address a refused connection would have gone to (the delivery log shows the host). */
export class TargetRefusedError extends Error {
  constructor(readonly host: string) {
    super(`target refused: ${host}`);
  }
}

/**
 * Of an answer's body, at most this many bytes are kept (the delivery log shows them): the
 * connection is closed as soon as that much has arrived, the rest is never read.
 */
export const RESPONSE_BODY_MAX_BYTES = WEBHOOK_RESPONSE_BODY_MAX_BYTES;

/**
 * A DNS look-up for Node's http client that answers only addresses it checked: a name with any
 * private address (docs/webhooks.md, "Target guard (SSRF)") fails the connection, so a name that
 * changes its answer between a check and the connection (DNS rebinding) cannot reach the inside.
 */
export function guardedLookup(options: { allowPrivate: boolean; resolve?: Resolve }): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  type Callback = (error: unknown, address?: unknown, family?: number) => void;
  return ((hostname: string, lookupOptions: { all?: boolean }, callback: Callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (!options.allowPrivate && addresses.some((a) => isForbiddenAddress(a.address)))
          return callback(new TargetRefusedError(hostname));
        if (addresses.length === 0)
          return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }));
        if (lookupOptions.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;
}

/**
 * A POST with Node's http client that connects only to the addresses it checked
 * (guardedLookup). Node's fetch cannot pin its connection's address without the undici package,
 * hence this. Never follows redirects.
 */
export function pinnedFetch(options: { allowPrivate: boolean; resolve?: Resolve }): WebhookFetch {
  const lookup = guardedLookup(options);
  return (url, init) =>
    new Promise((resolvePromise, reject) => {
      const target = new URL(url);
      const client = target.protocol === "https:" ? https : http;
      const request = client.request(
        target,
        {
          method: init.method,
          headers: { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) },
          signal: init.signal,
          lookup,
          // A connection per delivery: nothing pooled outlives the check of its address.
          agent: false,
        },
        (response) =>
          resolvePromise({
            status: response.statusCode ?? 0,
            text: () => readStart(response),
          }),
      );
      request.on("error", reject);
      request.end(init.body);
    });
}

/**
 * At most the first `max` bytes of `bytes` as UTF-8 text: a character the cut splits is left out
 * (never a replacement character), so the text is never longer than `max` bytes either.
 */
export function textStart(bytes: Uint8Array, max = RESPONSE_BODY_MAX_BYTES): string {
  return new TextDecoder("utf-8").decode(bytes.subarray(0, max), { stream: true });
}

/** The first RESPONSE_BODY_MAX_BYTES of an answer as text; the rest is dropped with the connection. */
function readStart(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      response.pause();
      response.destroy();
      resolve(textStart(Buffer.concat(chunks)));
    };
    response.on("data", (chunk: Buffer) => {
      if (done) return;
      // Only what is still wanted of the chunk is kept.
      const wanted = chunk.subarray(0, RESPONSE_BODY_MAX_BYTES - size);
      chunks.push(wanted);
      size += wanted.length;
      if (size >= RESPONSE_BODY_MAX_BYTES) finish();
    });
    response.on("end", finish);
    // Aborted (the timeout) or cut off: what arrived so far.
    response.on("error", finish);
    response.on("close", finish);
  });
}
