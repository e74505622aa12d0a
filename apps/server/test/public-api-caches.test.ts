import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import { priceService } from "../src/features/price/price-service";
import { expectOk } from "./helpers/accounts";
import { type ApiClient, apiClient, eventually } from "./helpers/api-client";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

const CHECK = { service: "basic", number: "+442079460000" };

/**
 * Keys and price lists are cached in each server process and dropped when the database announces
 * a change (LISTEN/NOTIFY): a revoked key, a suspended organisation or a new price must count
 * from the next request on.
 */
describe("public API: cached keys and prices follow every change", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const balance = (c: ApiClient) => c.call("GET", "/api/v1/balance");

  it("a revoked key is refused on its very next request", async () => {
    const c = await apiClient(t);
    expect((await balance(c)).statusCode).toBe(200);
    expect((await balance(c)).statusCode).toBe(200);
    expectOk(await c.dashboard("POST", `/api/tenant/apikey/s/${c.key.id}/revoke`));
    expect((await balance(c)).statusCode).toBe(401);
  });

  it("a suspended organisation's key stops, and works again once it is active", async () => {
    const c = await apiClient(t);
    expect((await balance(c)).statusCode).toBe(200);
    await t.database.db.execute(sql`update tenants set status = 'suspended' where id = ${c.tenantId}`);
    expect((await eventually(() => balance(c), 401)).statusCode).toBe(401);
    await t.database.db.execute(sql`update tenants set status = 'active' where id = ${c.tenantId}`);
    expect((await eventually(() => balance(c), 200)).statusCode).toBe(200);
  });

  it("a new special price is charged from the next check on", async () => {
    const c = await apiClient(t);
    const first = expectOk<{ costMicros: string }>(await c.call("POST", "/api/v1/check", CHECK));
    await priceService(t.database.db).set({
      scope: "special",
      tenantId: c.tenantId,
      service: "basic",
      priceMicros: 1234n,
    });
    expect(first.costMicros).not.toBe("1234");
    const after = await eventually(
      () => c.call("POST", "/api/v1/check", CHECK),
      200,
      (r) => r.json().data.costMicros === "1234",
    );
    expect(after.json().data.costMicros).toBe("1234");
  });
});

/**
 * A change made through one server reaches another: two apps, each with its own connections to
 * the database and its own caches, as two processes would be.
 */
describe.skipIf(!onPostgres)("public API: caches across two server processes (PostgreSQL)", () => {
  let t: TestApp;
  let otherDatabase: Database;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    otherDatabase = await openDatabase({ url: t.databaseUrl, dataDir: "unused" });
    other = await buildApp({
      config: loadConfig({ NODE_ENV: "test", CAPTCHA_ENABLED: "false", LOG_LEVEL: "silent" }),
      database: otherDatabase,
      web: "none",
    });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase.close();
    await t.close();
  });

  it("a key revoked through one server is refused by the other within moments", async () => {
    const c = await apiClient(t);
    const onOther = () =>
      other.inject({
        method: "GET",
        url: "/api/v1/balance",
        headers: { authorization: `Bearer ${c.secret}` },
        remoteAddress: "203.0.113.7",
      });
    // Wait until the other server's feed is listening, then let it cache the key.
    await eventually(
      async () =>
        (otherDatabase.changes.live ? await onOther() : { statusCode: 0 }) as { statusCode: number },
      200,
    );
    expect((await onOther()).statusCode).toBe(200);
    expectOk(await c.dashboard("POST", `/api/tenant/apikey/s/${c.key.id}/revoke`));
    const started = Date.now();
    expect((await eventually(onOther, 401)).statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
