import type { FastifyReply } from "fastify";
import { AppError } from "../../core/app-error";
import type { KeyIdentity } from "../api-key/index";
import type { Hit, RateStore } from "../rate-limit/index";

export interface ApiRateLimits {
  perKey: number;
  perTenant: number;
  windowMs: number;
}

/**
 * The public API's limits: per key and per organisation (all its keys together), in counters every
 * server process shares (Redis, or the database). Counted by key and organisation only, never by
 * address, so no header a client sends (X-Forwarded-For) moves a request into another bucket.
 * Only what a key's own limit admits counts against the organisation, so one busy key never spends
 * the others' share. Sets RateLimit-Policy and RateLimit (IETF httpapi draft) on every answer;
 * over a limit, 429 with Retry-After.
 */
export async function enforceApiRateLimits(
  store: RateStore,
  limits: ApiRateLimits,
  key: KeyIdentity,
  reply: FastifyReply,
): Promise<void> {
  const window = Math.round(limits.windowMs / 1000);
  // The key's counter first: a request its key refuses is not counted against the organisation.
  const [byKey, byTenant] = (await store.hitChain(
    [
      { key: `api:key:${key.keyId}`, max: limits.perKey },
      { key: `api:tenant:${key.tenantId}`, max: limits.perTenant },
    ],
    limits.windowMs,
  )) as [Hit, Hit | null];
  const now = Date.now();
  const policies = [policy("key", limits.perKey, byKey, now)];
  if (byTenant) policies.push(policy("organisation", limits.perTenant, byTenant, now));
  reply.header(
    "RateLimit-Policy",
    `"key";q=${limits.perKey};w=${window}, "organisation";q=${limits.perTenant};w=${window}`,
  );
  // The client should pace itself by the policy that refused it, else by the one nearest its end.
  const over = policies.filter((p) => p.over);
  const tightest = (over.length > 0 ? over : policies).reduce((a, b) => (b.remaining < a.remaining ? b : a));
  reply.header("RateLimit", `"${tightest.name}";r=${tightest.remaining};t=${tightest.resetSeconds}`);
  if (over.length > 0) {
    const retryAfter = Math.max(...over.map((p) => p.resetSeconds));
    throw new AppError(
      "rateLimited",
      { retryAfter },
      { seconds: retryAfter },
      { "Retry-After": String(retryAfter) },
    );
  }
}

/**
 * One limit's state after this hit. Built as one literal: spreading an object and adding keys
 * (`{ ...p, remaining }`) cost ~9 µs a request here (docs/performance.md, "The route's own
 * costs").
 */
function policy(name: string, quota: number, hit: Hit, now: number) {
  return {
    name,
    quota,
    remaining: Math.max(0, quota - hit.count),
    resetSeconds: Math.max(1, Math.ceil((hit.resetAt - now) / 1000)),
    over: hit.count > quota,
  };
}
