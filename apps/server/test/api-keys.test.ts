import { API_KEYS_MAX, type ApiKeyCreatedView, type ApiKeyView } from "@nc/contracts/api-keys";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../src/core/tokens";
import { queryRows } from "../src/db/query";
import { apiKeyService } from "../src/features/api-key/api-key-service";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const IP = "203.0.113.7";

describe("API keys", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function org() {
    const f = await fundedTenant(t);
    return {
      ...f,
      api: inTenant(t, f.owner, f.tenantId),
      keys: apiKeyService(t.database.db, undefined, t.app.services.audit),
    };
  }
  const create = (api: ReturnType<typeof inTenant>, body: object = {}) =>
    api("POST", "/api/tenant/apikey", {
      name: "Shop backend",
      scopes: ["check", "jobs:read"],
      mode: "live",
      ...body,
    });
  const rowOf = async (id: string) =>
    (
      await queryRows<{ digest: string; revoked_at: string | null; last_used_at: string | null }>(
        t.database.db,
        sql`select digest, to_json(revoked_at) #>> '{}' as revoked_at, to_json(last_used_at) #>> '{}' as last_used_at
          from api_keys where id = ${id}`,
      )
    )[0]!;

  it("shows the key once; only its digest is stored and the list shows its ends", async () => {
    const { api, keys, tenantId } = await org();
    const made = expectOk<ApiKeyCreatedView>(await create(api));
    expect(made.secret).toMatch(/^nc_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(made.key).toMatchObject({
      name: "Shop backend",
      mode: "live",
      status: "active",
      scopes: ["check", "jobs:read"],
    });
    expect(made.key.hint).toBe(`${made.secret.slice(0, 20)}…${made.secret.slice(-4)}`);
    expect((await rowOf(made.key.id)).digest).toBe(sha256(made.secret));
    const listed = await api("GET", "/api/tenant/apikey");
    expect(listed.body).not.toContain(made.secret.slice(21));
    expect(expectOk<ApiKeyView[]>(listed).map((k) => k.id)).toEqual([made.key.id]);

    expect(await keys.verify(made.secret, IP)).toMatchObject({ keyId: made.key.id, tenantId, mode: "live" });
    const wrong = `${made.secret.slice(0, -1)}${made.secret.endsWith("A") ? "B" : "A"}`;
    expect(await keys.verify(wrong, IP)).toBeNull();
    expect(await keys.verify(made.secret.replace("nc_live_", "nc_test_"), IP)).toBeNull();
    expect(await keys.verify("nc_live_000000000000_x", IP)).toBeNull();
  });

  it("refuses an address outside the allow-list, and an expired key", async () => {
    const { api, keys } = await org();
    const limited = expectOk<ApiKeyCreatedView>(
      await create(api, { ipAllowList: ["203.0.113.0/24", "2001:db8::1"] }),
    );
    expect(limited.key.ipAllowList).toEqual(["203.0.113.0/24", "2001:db8::1/128"]);
    expect(await keys.verify(limited.secret, IP)).not.toBeNull();
    expect(await keys.verify(limited.secret, "198.51.100.1")).toBeNull();

    const soon = expectOk<ApiKeyCreatedView>(
      await create(api, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(await keys.verify(soon.secret, IP)).not.toBeNull();
    await t.database.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${soon.key.id}`,
    );
    expect(await keys.verify(soon.secret, IP)).toBeNull();
    expect(
      expectOk<ApiKeyView[]>(await api("GET", "/api/tenant/apikey")).find((k) => k.id === soon.key.id)
        ?.status,
    ).toBe("expired");
  });

  it("bad input names its field; a full organisation gets a clear error", async () => {
    const { api, tenantId, owner } = await org();
    expectFieldError(
      await create(api, { ipAllowList: ["10.0.0.0/8", "example.com"] }),
      "ipAllowList.1",
      "invalid_format",
    );
    expectFieldError(await create(api, { expiresAt: "2001-01-01T00:00:00Z" }), "expiresAt", "in_past");
    expectFieldError(await create(api, { scopes: [] }), "scopes", "too_few");
    await t.database.db.execute(
      sql`insert into api_keys (id, tenant_id, name, mode, lookup, digest, last4, created_by)
          select gen_random_uuid(), ${tenantId}::uuid, 'k' || g, 'test', substr(md5(g::text || ${tenantId}), 1, 12), 'x', 'abcd', ${owner.id}::uuid
          from generate_series(1, ${API_KEYS_MAX}) g`,
    );
    expectError(await create(api), 400, 40052);
  });

  it("rolling keeps the old key working for the grace period; revoke stops it at once", async () => {
    const { api, keys, tenantId, owner } = await org();
    const old = expectOk<ApiKeyCreatedView>(await create(api));
    const rolled = expectOk<ApiKeyCreatedView>(
      await api("POST", `/api/tenant/apikey/s/${old.key.id}/roll`, { graceHours: 24 }),
    );
    expect(rolled.secret).not.toBe(old.secret);
    expect(rolled.key).toMatchObject({
      name: old.key.name,
      scopes: old.key.scopes,
      mode: "live",
      status: "active",
    });
    expect(await keys.verify(old.secret, IP)).not.toBeNull();
    expect(await keys.verify(rolled.secret, IP)).not.toBeNull();
    const listed = expectOk<ApiKeyView[]>(await api("GET", "/api/tenant/apikey"));
    expect(listed.find((k) => k.id === old.key.id)?.status).toBe("rolling");
    // Rolled once is enough: a second roll of the old key is refused.
    expectError(await api("POST", `/api/tenant/apikey/s/${old.key.id}/roll`, { graceHours: 0 }), 409, 40906);

    // The grace period over, the old key stops.
    await t.database.db.execute(
      sql`update api_keys set revoked_at = now() - interval '1 second' where id = ${old.key.id}`,
    );
    expect(await keys.verify(old.secret, IP)).toBeNull();

    // API clients often send the JSON content type with no body: that is no body, not bad JSON.
    const revoked = expectOk<ApiKeyView>(
      await t.app.inject({
        method: "POST",
        url: `/api/tenant/apikey/s/${rolled.key.id}/revoke`,
        headers: { "content-type": "application/json", "x-tenant-id": tenantId },
        cookies: { sid: owner.sid },
      }),
    );
    expect(revoked.status).toBe("revoked");
    expect(await keys.verify(rolled.secret, IP)).toBeNull();
    expectError(await api("POST", `/api/tenant/apikey/s/${rolled.key.id}/revoke`), 409, 40906);
  });

  it("another organisation cannot see, roll or revoke a key", async () => {
    const a = await org();
    const b = await org();
    const made = expectOk<ApiKeyCreatedView>(await create(a.api));
    expect(expectOk<ApiKeyView[]>(await b.api("GET", "/api/tenant/apikey"))).toEqual([]);
    expectError(await b.api("POST", `/api/tenant/apikey/s/${made.key.id}/revoke`), 404, 40400);
    expectError(
      await b.api("POST", `/api/tenant/apikey/s/${made.key.id}/roll`, { graceHours: 0 }),
      404,
      40400,
    );
    expect(await a.keys.verify(made.secret, IP)).not.toBeNull();
  });

  it("notes the last use off the request path, at most once a minute", async () => {
    const { api, keys } = await org();
    const made = expectOk<ApiKeyCreatedView>(await create(api));
    expect((await rowOf(made.key.id)).last_used_at).toBeNull();
    await keys.verify(made.secret, IP);
    await expect.poll(async () => (await rowOf(made.key.id)).last_used_at).not.toBeNull();
    const first = (await rowOf(made.key.id)).last_used_at;
    await keys.verify(made.secret, IP);
    await new Promise((r) => setTimeout(r, 50));
    expect((await rowOf(made.key.id)).last_used_at).toBe(first);
  });
});
