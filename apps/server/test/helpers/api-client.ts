import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { InjectOptions } from "fastify";
import { expectOk } from "./accounts";
import { fundedTenant } from "./billing";
import { inTenant } from "./tenancy";
import type { TestApp } from "./test-app";

export interface KeyOptions {
  scopes?: string[];
  mode?: "live" | "test";
  /** Opening balance in micros. */
  funds?: bigint;
  ipAllowList?: string[];
}

/**
 * An organisation with an API key and a caller of the public API with it. The remote address is
 * fixed (documentation range) so allow-list tests can tell it apart.
 */
export async function apiClient(t: TestApp, options: KeyOptions = {}) {
  const org = await fundedTenant(t, options.funds ?? 1_000_000_000n);
  const dashboard = inTenant(t, org.owner, org.tenantId);
  const made = expectOk<ApiKeyCreatedView>(
    await dashboard("POST", "/api/tenant/apikey", {
      name: "integration",
      scopes: options.scopes ?? ["check", "jobs:write", "jobs:read", "usage:read"],
      mode: options.mode ?? "live",
      ...(options.ipAllowList ? { ipAllowList: options.ipAllowList } : {}),
    }),
  );
  return { ...org, dashboard, key: made.key, secret: made.secret, call: keyCaller(t, made.secret) };
}

/** A caller of the public API with this key's secret, from the fixed remote address. */
export function keyCaller(t: TestApp, secret: string) {
  return (
    method: InjectOptions["method"],
    url: string,
    payload?: InjectOptions["payload"],
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${secret}`, ...headers },
      remoteAddress: "203.0.113.7",
    });
}

export type ApiClient = Awaited<ReturnType<typeof apiClient>>;

/**
 * Repeats a call until it answers with the status (and passes the check), for up to 2 s: a cache
 * is dropped when the database's change notification arrives, a moment after the commit.
 */
export async function eventually<R extends { statusCode: number }>(
  call: () => Promise<R>,
  status: number,
  also: (response: R) => boolean = () => true,
): Promise<R> {
  const until = Date.now() + 2_000;
  for (;;) {
    const response = await call();
    if ((response.statusCode === status && also(response)) || Date.now() > until) return response;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
