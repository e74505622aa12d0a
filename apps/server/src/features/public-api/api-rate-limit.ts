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
 * Sets RateLimit-Policy and RateLimit (IETF httpapi draft) on every answer; over a limit, 429
 * with Retry-After.
 */
export async function enforceApiRateLimits(
  store: RateStore,
  limits: ApiRateLimits,
  key: KeyIdentity,
  reply: FastifyReply,
): Promise<void> {
  const window = Math.round(limits.windowMs / 1000);
  const [byKey, byTenant] = (await store.hitEach(
    [`api:key:${key.keyId}`, `api:tenant:${key.tenantId}`],
    limits.windowMs,
  )) as [Hit, Hit];
  const now = Date.now();
  const policies = [
    policy("key", limits.perKey, byKey, now),
    policy("organisation", limits.perTenant, byTenant, now),
  ];
  reply.header("RateLimit-Policy", policies.map((p) => `"${p.name}";q=${p.quota};w=${window}`).join(", "));
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
 * (`{ ...p, remaining }`) cost ~9 µs a request here (docs/performance.md, "Objects spread then
 * extended").
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
