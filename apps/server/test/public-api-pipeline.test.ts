import type { SingleCheckView } from "@nc/contracts/detection-single";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { queryRows } from "../src/db/query";
import { ledgerEntries } from "../src/db/schema/index";
import { body, expectError, expectOk } from "./helpers/accounts";
import { apiClient } from "./helpers/api-client";
import { REDIS_URL, redisReachable } from "./helpers/redis";
import { createTestApp, type TestApp } from "./helpers/test-app";

const CHECK = { service: "basic", number: "+447400123456" };

describe("public API: Idempotency-Key", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const charges = (tenantId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.tradeType, TRADE_TYPES.checkNumberApi)),
      );

  it("same key and body: the first answer again, marked replayed, charged once", async () => {
    const c = await apiClient(t);
    const first = await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "order-1" });
    const again = await c.call(
      "POST",
      "/api/v1/check",
      { number: CHECK.number, service: CHECK.service },
      {
        "idempotency-key": "order-1",
      },
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(body(again)).toEqual(body(first));
    expect(await charges(c.tenantId)).toHaveLength(1);
    // Without the header every call is its own.
    expectOk(await c.call("POST", "/api/v1/check", CHECK));
    expect(await charges(c.tenantId)).toHaveLength(2);
  });

  it("same key, another request: 422, nothing run; a malformed key: 400", async () => {
    const c = await apiClient(t);
    expectOk(await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "k-2" }));
    expectError(
      await c.call(
        "POST",
        "/api/v1/check",
        { ...CHECK, number: "+447400123457" },
        { "idempotency-key": "k-2" },
      ),
      422,
      42200,
    );
    expectError(
      await c.call(
        "POST",
        "/api/v1/check/batch",
        { service: "basic", numbers: [CHECK.number] },
        {
          "idempotency-key": "k-2",
        },
      ),
      422,
      42200,
    );
    expectError(await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "has space" }), 400, 40053);
    expectError(
      await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "x".repeat(256) }),
      400,
      40053,
    );
    expect(await charges(c.tenantId)).toHaveLength(1);
  });

  it("keys belong to one organisation: another organisation's same key runs its own request", async () => {
    const a = await apiClient(t);
    const b = await apiClient(t);
    expectOk(await a.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "shared" }));
    const other = await b.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "shared" });
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    expect(await charges(b.tenantId)).toHaveLength(1);
  });

  it("a job submitted twice with the same key is one job and one hold", async () => {
    const c = await apiClient(t);
    const list = { service: "basic", numbers: ["+447400123456", "+447400123457"] };
    const one = expectOk<{ id: string }>(
      await c.call("POST", "/api/v1/jobs", list, { "idempotency-key": "job-1" }),
    );
    const two = expectOk<{ id: string }>(
      await c.call("POST", "/api/v1/jobs", list, { "idempotency-key": "job-1" }),
    );
    expect(two.id).toBe(one.id);
    const jobs = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from detection_jobs where tenant_id = ${c.tenantId}`,
    );
    expect(jobs[0]!.n).toBe(1);
  });

  it("concurrent repeats: one runs, the others wait and replay its answer; one charge", async () => {
    const c = await apiClient(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "burst" }),
      ),
    );
    const ids = new Set(answers.map((a) => expectOk<SingleCheckView>(a).jobId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(11);
    expect(await charges(c.tenantId)).toHaveLength(1);
  });
});

describe("public API: rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY on: even when the server believes X-Forwarded-For, the limits do not count by address.
    t = await createTestApp({ API_RATE_PER_KEY: "3", API_RATE_PER_TENANT: "5", TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());

  it("per key: RateLimit headers on every answer, 429 with Retry-After past the limit, whatever X-Forwarded-For says", async () => {
    const c = await apiClient(t);
    const first = await c.call("GET", "/api/v1/balance");
    expect(first.headers["ratelimit-policy"]).toBe('"key";q=3;w=60, "organisation";q=5;w=60');
    expect(first.headers.ratelimit).toMatch(/^"key";r=2;t=\d+$/);
    expectOk(await c.call("GET", "/api/v1/balance", undefined, { "x-forwarded-for": "198.51.100.1" }));
    expectOk(await c.call("GET", "/api/v1/balance", undefined, { "x-forwarded-for": "198.51.100.2" }));
    const limited = await c.call("GET", "/api/v1/balance", undefined, { "x-forwarded-for": "198.51.100.3" });
    expectError(limited, 429, 42900);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers.ratelimit).toMatch(/^"key";r=0;t=\d+$/);
  });

  it("per organisation: all its keys together", async () => {
    const c = await apiClient(t);
    const second = expectOk<{ secret: string }>(
      await c.dashboard("POST", "/api/tenant/apikey", {
        name: "second",
        scopes: ["usage:read"],
        mode: "live",
      }),
    );
    const withSecond = () =>
      t.app.inject({
        method: "GET",
        url: "/api/v1/balance",
        headers: { authorization: `Bearer ${second.secret}` },
      });
    for (let i = 0; i < 3; i++) expectOk(await c.call("GET", "/api/v1/balance"));
    expectOk(await withSecond());
    expectOk(await withSecond());
    const limited = await withSecond();
    expectError(limited, 429, 42900);
    expect(limited.headers.ratelimit).toMatch(/^"organisation";r=0;/);
  });

  it("a key refused by its own limit does not spend the organisation's share of the others", async () => {
    const c = await apiClient(t);
    const other = expectOk<{ secret: string }>(
      await c.dashboard("POST", "/api/tenant/apikey", {
        name: "other",
        scopes: ["usage:read"],
        mode: "live",
      }),
    );
    // The busy key: 3 admitted, then 20 refused by its own limit, in parallel.
    for (let i = 0; i < 3; i++) expectOk(await c.call("GET", "/api/v1/balance"));
    const refused = await Promise.all(Array.from({ length: 20 }, () => c.call("GET", "/api/v1/balance")));
    expect(refused.map((res) => res.statusCode)).toEqual(Array(20).fill(429));
    // The organisation's 5 still hold 2 for the other key.
    const withOther = () =>
      t.app.inject({
        method: "GET",
        url: "/api/v1/balance",
        headers: { authorization: `Bearer ${other.secret}` },
      });
    expectOk(await withOther());
    expectOk(await withOther());
    expectError(await withOther(), 429, 42900);
  });
});

const withRedis = await redisReachable();
if (!withRedis)
  console.log(`public-api-pipeline: no Redis at ${REDIS_URL}; the two-process limit test is skipped`);

describe.runIf(withRedis)("public API: rate limits shared by two server processes through Redis", () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const env = { API_RATE_PER_KEY: "4", API_RATE_PER_TENANT: "100", REDIS_URL, TRUST_PROXY: "true" };
    t = await createTestApp(env);
    // A second server over the same database, with its own Redis connection: nothing in memory is shared.
    second = await buildApp({
      config: loadConfig({ NODE_ENV: "test", CAPTCHA_ENABLED: "false", LOG_LEVEL: "silent", ...env }),
      database: t.database,
      web: "none",
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it("the limit holds across both, and X-Forwarded-For does not open a new bucket", async () => {
    const c = await apiClient(t);
    const on = (app: typeof second, ip: string) =>
      app.inject({
        method: "GET",
        url: "/api/v1/balance",
        headers: { authorization: `Bearer ${c.secret}`, "x-forwarded-for": ip },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await on(i % 2 === 0 ? t.app : second, `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe("public API: metering", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("every authenticated call is recorded and rolled up per day: endpoint, service, status, numbers, cost, latency", async () => {
    const c = await apiClient(t);
    const one = expectOk<SingleCheckView>(await c.call("POST", "/api/v1/check", CHECK));
    expectOk(await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "m-1" }));
    expectOk(await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "m-1" }));
    expectOk(
      await c.call("POST", "/api/v1/check/batch", {
        service: "basic",
        numbers: [CHECK.number, "+447400123457"],
      }),
    );
    expectError(await c.call("POST", "/api/v1/check", { service: "basic" }), 400, 40001);
    // No key, no organisation: not metered.
    await t.app.inject({ method: "POST", url: "/api/v1/check", payload: CHECK });
    await t.app.meter.flush();

    const rows = await queryRows<{
      endpoint: string;
      service: string;
      status: number;
      calls: string;
      numbers: string;
      cost_micros: string;
      latency_hist: string[];
    }>(
      t.database.db,
      sql`select endpoint, service, status, calls::text, numbers::text, cost_micros::text, latency_hist
          from api_usage_daily where tenant_id = ${c.tenantId} order by endpoint, status`,
    );
    const unit = BigInt(one.costMicros);
    expect(rows.map(({ latency_hist: _h, ...r }) => r)).toEqual([
      // Two charged calls and one replay (no numbers, no cost): three calls.
      {
        endpoint: "POST /api/v1/check",
        service: "basic",
        status: 200,
        calls: "3",
        numbers: "2",
        cost_micros: String(unit * 2n),
      },
      {
        endpoint: "POST /api/v1/check",
        service: "basic",
        status: 400,
        calls: "1",
        numbers: "0",
        cost_micros: "0",
      },
      {
        endpoint: "POST /api/v1/check/batch",
        service: "basic",
        status: 200,
        calls: "1",
        numbers: "2",
        cost_micros: String(unit * 2n),
      },
    ]);
    expect(rows[0]!.latency_hist.map(Number).reduce((a, b) => a + b, 0)).toBe(3);
    const raw = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from api_calls where tenant_id = ${c.tenantId} and api_key_id = ${c.key.id}`,
    );
    expect(raw[0]!.n).toBe(5);
    // The key's secret never reaches the log.
    expect(t.logs.join("\n")).not.toContain(c.secret.slice(0, 20));
  });
});

describe("public API: housekeeping", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_CALL_RETENTION_DAYS: "30" });
  });
  afterAll(() => t.close());

  it("forgets Idempotency-Key answers after a day and raw calls after the retention; rollups stay", async () => {
    const c = await apiClient(t);
    expectOk(await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "old" }));
    await t.app.meter.flush();
    const count = async (table: "api_idempotency" | "api_calls" | "api_usage_daily") =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from ${sql.raw(table)} where tenant_id = ${c.tenantId}`,
        )
      )[0]!.n;
    await t.app.apiHousekeeping(Date.now() + 2 * 3_600_000);
    expect([await count("api_idempotency"), await count("api_calls")]).toEqual([1, 1]);
    await t.app.apiHousekeeping(Date.now() + 25 * 3_600_000);
    expect([await count("api_idempotency"), await count("api_calls")]).toEqual([0, 1]);
    await t.app.apiHousekeeping(Date.now() + 31 * 86_400_000);
    expect([await count("api_calls"), await count("api_usage_daily")]).toEqual([0, 1]);
    // The key is free again: the same key runs a new request.
    const again = await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "old" });
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
  });
});
