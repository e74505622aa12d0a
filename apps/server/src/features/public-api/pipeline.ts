import { isServiceCode } from "@nc/contracts/services";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../core/db";
import type { ApiKeyService } from "../api-key/index";
import type { Meter } from "../metering/index";
import type { RateStore } from "../rate-limit/index";
import { apiKeyAuth, requireApiKey } from "./api-key-auth";
import { type ApiRateLimits, enforceApiRateLimits } from "./api-rate-limit";
import { idempotencyHooks } from "./idempotency";
import { idempotencyRepo } from "./idempotency-repo";
import { loggedPath } from "./request-log-path";

declare module "fastify" {
  interface FastifyRequest {
    /** What a public API call did, for metering: set by the handler. */
    usage: { service?: string; numbers: number; costMicros: bigint } | null;
  }
}

/** Records what a handler did for the meter (numbers submitted, money charged or reserved). */
export function meterUsage(
  request: FastifyRequest,
  usage: { service?: string; numbers: number; costMicros?: bigint | string },
) {
  request.usage = {
    service: usage.service,
    numbers: usage.numbers,
    costMicros: BigInt(usage.costMicros ?? 0),
  };
}

/** The Idempotency-Key a call sent, as the request log keeps it (at most 255 characters). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers["idempotency-key"];
  return typeof header === "string" && header !== "" ? header.slice(0, 255) : null;
}

export interface PipelineDeps {
  db: Db;
  keys: ApiKeyService;
  rateStore: RateStore;
  limits: ApiRateLimits;
  meter: Meter;
}

/**
 * What every public API route of a scope goes through, in order: key authentication, rate limits
 * (per key and organisation), Idempotency-Key on POSTs, and metering of the call once answered.
 */
export function publicApiPipeline(scope: FastifyInstance, deps: PipelineDeps) {
  apiKeyAuth(scope, deps.keys);
  scope.addHook("onRequest", async (request, reply) => {
    if (!request.apiKey) return;
    await enforceApiRateLimits(deps.rateStore, deps.limits, request.apiKey, reply);
  });

  idempotencyHooks(
    scope,
    idempotencyRepo(deps.db),
    { waitMs: 10_000, pollMs: 100, staleSeconds: 3_600 },
    (request) => {
      const key = requireApiKey(request);
      return { tenantId: key.tenantId, mode: key.mode, apiKeyId: key.keyId };
    },
  );

  scope.decorateRequest("usage", null);
  // Every authenticated call, failed ones too; calls with no valid key belong to no organisation.
  // The same row is the call's line in the request log (docs/operations.md, "The API request log").
  scope.addHook("onResponse", async (request, reply) => {
    const key = request.apiKey;
    if (!key) return;
    const replayed = reply.getHeader("Idempotent-Replayed") === "true";
    const usage = replayed ? null : request.usage;
    const body = request.body as { service?: unknown } | undefined;
    const asked = [body?.service, (request.query as { service?: unknown } | undefined)?.service];
    // What the caller asked for counts only when it names one of our services: a call refused for
    // `service=xyz` is a call with no service, not a service of its own in the usage figures.
    const service =
      usage?.service ?? asked.find((s): s is string => typeof s === "string" && isServiceCode(s));
    deps.meter.record({
      tenantId: key.tenantId,
      apiKeyId: key.keyId,
      timeZone: key.timeZone,
      method: request.method,
      endpoint: `${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`,
      service: service ?? null,
      status: reply.statusCode,
      numbers: usage?.numbers ?? 0,
      costMicros: usage?.costMicros ?? 0n,
      latencyMs: reply.elapsedTime,
      requestId: request.id,
      at: new Date(),
      path: loggedPath(request.url),
      errorCode: reply.statusCode >= 400 ? request.errorCode : null,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });
}
