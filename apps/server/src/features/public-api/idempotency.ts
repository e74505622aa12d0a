import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../core/app-error";
import type { IdempotencyRepo, IdempotencyScope } from "./idempotency-repo";

declare module "fastify" {
  interface FastifyRequest {
    /** Set when this request claimed its Idempotency-Key and its answer is to be kept. */
    idempotency: { scope: IdempotencyScope; key: string; settled: boolean } | null;
  }
}

export interface IdempotencyOptions {
  /** How long a repeat waits for the first request's answer before it is told to retry. */
  waitMs: number;
  pollMs: number;
  /** A claim older than this with no answer belongs to a request that died: taken over. */
  staleSeconds: number;
}

/** Visible ASCII, as the IETF Idempotency-Key draft and every major API accept. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/** JSON with keys sorted: the same request sent with its fields in another order is the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** What makes two requests "the same": method, path with query, and body (files: type and size). */
export function fingerprint(request: FastifyRequest): string {
  const body = request.body as { pipe?: unknown } | undefined;
  const content =
    body && typeof body.pipe === "function"
      ? `file:${request.headers["content-type"] ?? ""}:${request.headers["content-length"] ?? ""}`
      : canonical(body ?? null);
  return createHash("sha256").update(`${request.method} ${request.url}\n${content}`).digest("hex");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency-Key on the POSTs of this scope: the first request with a key runs and its answer is
 * kept; a repeat with the same fingerprint gets that answer again (waiting while the first still
 * runs), so a retried call never charges twice; a repeat with another request is refused (422).
 * Server errors and 429s are not kept: retrying them with the same key runs again.
 */
export function idempotencyHooks(
  scope: FastifyInstance,
  repo: IdempotencyRepo,
  options: IdempotencyOptions,
  /** Whose key it is: the same Idempotency-Key from another API key (or mode) is another request. */
  scopeOf: (request: FastifyRequest) => IdempotencyScope,
) {
  scope.decorateRequest("idempotency", null);

  scope.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST") return;
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    if (typeof header !== "string" || !VALID_KEY.test(header)) throw new AppError("idempotencyKeyInvalid");
    const scope = scopeOf(request);
    const print = fingerprint(request);
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      if (await repo.claim(scope, header, print, options.staleSeconds)) {
        request.idempotency = { scope, key: header, settled: false };
        return;
      }
      const record = await repo.find(scope, header);
      // Released between the two statements (the first request failed): claim it again.
      if (!record) continue;
      if (record.fingerprint !== print) throw new AppError("idempotencyKeyReused");
      if (record.state === "done") {
        // The replayed error's code, for the request log (the envelope's first member).
        if ((record.response_status ?? 200) >= 400)
          request.errorCode = Number(/^\{"code":(\d+)/.exec(record.response_body ?? "")?.[1]) || null;
        reply
          .code(record.response_status ?? 200)
          .header("content-type", record.content_type ?? "application/json; charset=utf-8")
          .header("Idempotent-Replayed", "true");
        return reply.send(record.response_body);
      }
      if (Date.now() >= deadline) throw new AppError("idempotencyInProgress");
      await sleep(options.pollMs);
    }
  });

  scope.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || typeof payload !== "string")
      await repo.release(claim.scope, claim.key);
    else {
      const type = reply.getHeader("content-type");
      await repo.complete(claim.scope, claim.key, status, payload, typeof type === "string" ? type : null);
    }
    return payload;
  });

  // A request that ended without an answer (the client went away) gives its claim back.
  const forget = async (request: FastifyRequest) => {
    const claim = request.idempotency;
    if (claim && !claim.settled) {
      claim.settled = true;
      await repo.release(claim.scope, claim.key);
    }
  };
  scope.addHook("onResponse", forget);
  scope.addHook("onRequestAbort", forget);
}
