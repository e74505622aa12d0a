import type { ApiKeyScope } from "@nc/contracts/api-keys";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../core/app-error";
import type { ApiKeyService, KeyIdentity } from "../api-key/index";

declare module "fastify" {
  interface FastifyRequest {
    apiKey: KeyIdentity | null;
  }
  interface FastifyContextConfig {
    /** A public API route: an API key with any one of these scopes is required. */
    apiKey?: { scopes: readonly ApiKeyScope[] };
  }
}

/** Query parameters a key must never travel in (URLs end up in logs, proxies and histories). */
export const KEY_PARAMS = /^(api[_-]?key|key|token|access[_-]?token|authorization)$/i;
export const LOOKS_LIKE_KEY = /nc_(live|test)_/;

function keyInQuery(url: string): boolean {
  const index = url.indexOf("?");
  if (index === -1) return false;
  for (const [name, value] of new URLSearchParams(url.slice(index + 1)))
    if (KEY_PARAMS.test(name) || LOOKS_LIKE_KEY.test(value)) return true;
  return false;
}

/**
 * Authenticates the public API routes of this plugin scope: `Authorization: Bearer <key>` only
 * (a key in the query string is refused, never used), verified in constant time, from an allowed
 * address, with a scope the route needs, of an organisation that is active (checked by the key service).
 */
export function apiKeyAuth(scope: FastifyInstance, keys: ApiKeyService) {
  scope.decorateRequest("apiKey", null);
  scope.addHook("onRequest", async (request: FastifyRequest) => {
    const needs = request.routeOptions.config.apiKey;
    if (!needs) return;
    if (keyInQuery(request.url)) throw new AppError("apiKeyInQuery");
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
    if (!match) throw new AppError("apiKeyMissing");
    const identity = await keys.verify(match[1]!, request.ip);
    if (!identity) throw new AppError("apiKeyInvalid");
    // Known from here on (metered, rate limited) even when its scope does not fit this route.
    request.apiKey = identity;
    if (needs.scopes.some((s) => identity.scopes.includes(s))) return;
    // The key was given the scope, but its creator no longer holds the rights behind it.
    const lapsed = needs.scopes.find((s) => identity.lapsedScopes.includes(s));
    if (lapsed) throw new AppError("apiKeyScopeLapsed", null, { scope: lapsed });
    throw new AppError("forbidden");
  });
}

export function requireApiKey(request: FastifyRequest): KeyIdentity {
  if (!request.apiKey) throw new AppError("apiKeyMissing");
  return request.apiKey;
}
