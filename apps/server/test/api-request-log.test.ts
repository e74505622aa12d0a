import type { ApiRequestPage } from "@nc/contracts/api-request-log";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../src/core/db";
import { DAY_MS } from "../src/core/time";
import { queryRows } from "../src/db/query";
import { apiRequestRepo, SCAN_ROWS } from "../src/features/api-request/api-request-repo";
import { createMeter } from "../src/features/metering/index";
import { deleteCallsStatement } from "../src/features/metering/metering-repo";
import { body, expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { apiClient } from "./helpers/api-client";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

const CHECK = { service: "basic", number: "+447400123456" };

/** The API request log: docs/api.md, "Request log"; docs/operations.md, "The API request log". */
describe("API request log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = async (
    call: (method: "GET", url: string) => Promise<{ statusCode: number; json(): unknown }>,
    query = "",
  ) => {
    await t.app.meter.flush();
    return expectOk<ApiRequestPage>((await call("GET", `/api/v1/requests${query}`)) as never);
  };

  it("logs each call with its key, path, status, error code, Idempotency-Key and request id", async () => {
    const c = await apiClient(t);
    const ok = await c.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "order-77" });
    expectOk(ok);
    const refused = await c.call("POST", "/api/v1/check", { service: "basic" });
    expectFieldError(refused, "number", "required");
    const missing = await c.call("GET", "/api/v1/jobs/5b0c4c2e-8f6e-4f3b-9d51-0c2b1f7e9a10?limit=5");
    expectError(missing, 404, 40400);

    const { items } = await page(c.call);
    // Newest first; the read itself is not yet logged when it runs.
    expect(items.map((i) => [i.method, i.path, i.status, i.errorCode])).toEqual([
      ["GET", "/api/v1/jobs/5b0c4c2e-8f6e-4f3b-9d51-0c2b1f7e9a10?limit=5", 404, 40400],
      ["POST", "/api/v1/check", 400, 40001],
      ["POST", "/api/v1/check", 200, null],
    ]);
    const first = items[2]!;
    expect(first).toMatchObject({
      keyId: c.key.id,
      keyPrefix: c.key.hint.split("…")[0],
      keyName: "integration",
      endpoint: "POST /api/v1/check",
      idempotencyKey: "order-77",
      requestId: ok.headers["x-request-id"],
      service: "basic",
    });
    expect(first.latencyMs).toBeGreaterThanOrEqual(0);
    expect(items[0]!.requestId).toBe(missing.headers["x-request-id"]);
    // Never the secret, never the number sent.
    const text = JSON.stringify(items);
    expect(text).not.toContain(c.secret);
    expect(text).not.toContain("7400123456");
  });

  it("answers carry a random X-Request-Id that names their line in the log and in the server log", async () => {
    const c = await apiClient(t);
    const res = await c.call("GET", "/api/v1/balance");
    const id = res.headers["x-request-id"] as string;
    expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    // Pages, dashboard calls and errors without a key carry one too, each its own.
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/balance" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["x-request-id"]).toMatch(/^req_/);
    expect(anonymous.headers["x-request-id"]).not.toBe(id);
    // A caller's own id is not taken.
    const own = await c.call("GET", "/api/v1/balance", undefined, { "x-request-id": "mine-1" });
    expect(own.headers["x-request-id"]).not.toBe("mine-1");

    const { items } = await page(c.call, `?requestId=${id}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ requestId: id, path: "/api/v1/balance", status: 200 });
    const line = t.logs
      .map((l) => JSON.parse(l) as { msg?: string; reqId?: string; req?: { url: string } })
      .find((l) => l.msg === "request completed" && l.reqId === id);
    expect(line?.req?.url).toBe("/api/v1/balance");
  });

  it("masks query values that could be a key or a phone number", async () => {
    const c = await apiClient(t);
    await c.call("GET", "/api/v1/coverage?country=GB&hint=%2B44%207400%20123456&when=2026-01-02");
    await c.call("GET", "/api/v1/jobs/+447400123456");
    const { items } = await page(c.call, "?method=GET");
    expect(items.map((i) => i.path)).toEqual([
      "/api/v1/jobs/[redacted]",
      "/api/v1/coverage?country=GB&hint=[redacted]&when=2026-01-02",
    ]);
  });

  it("filters by status, class, key, method, path, error code and time, a page at a time", async () => {
    const c = await apiClient(t);
    for (let i = 0; i < 3; i++) expectOk(await c.call("GET", "/api/v1/balance"));
    await c.call("POST", "/api/v1/check", { service: "basic" });
    await c.call("GET", "/api/v1/jobs?limit=500");

    expect((await page(c.call, "?status=4xx")).items).toHaveLength(2);
    expect((await page(c.call, "?status=400")).items).toHaveLength(2);
    expect((await page(c.call, "?status=2xx")).items.every((i) => i.status === 200)).toBe(true);
    expect((await page(c.call, "?method=POST")).items).toHaveLength(1);
    expect((await page(c.call, "?path=/api/v1/jobs")).items.map((i) => i.path)).toEqual([
      "/api/v1/jobs?limit=500",
    ]);
    expect((await page(c.call, "?errorCode=40001")).items).toHaveLength(2);
    expect((await page(c.call, `?keyId=${c.key.id}&status=200`)).items.length).toBeGreaterThanOrEqual(3);
    expect((await page(c.call, "?keyId=5b0c4c2e-8f6e-4f3b-9d51-0c2b1f7e9a10")).items).toEqual([]);
    const future = new Date(Date.now() + DAY_MS).toISOString();
    expect((await page(c.call, `?from=${future}`)).items).toEqual([]);
    expect((await page(c.call, `?to=${future}&status=2xx`)).items.length).toBeGreaterThanOrEqual(3);

    // Pages by the opaque cursor, without repeats or gaps.
    const all = (await page(c.call, "?limit=100")).items.map((i) => i.id);
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const next: ApiRequestPage = await page(c.call, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...next.items.map((i) => i.id));
      cursor = next.nextCursor;
    }
    // Each read of a page is logged too: compare the rows that existed at the first read.
    expect(seen.slice(-all.length)).toEqual(all);
  });

  it("reads at most SCAN_ROWS rows a page for a filter without an index, and goes on from there", async () => {
    const c = await apiClient(t);
    const db = t.database.db;
    // One matching call, older than SCAN_ROWS + 5,000 others.
    const insert = (count: number, path: string, ageSeconds: string) =>
      db.execute(sql`insert into api_calls (tenant_id, api_key_id, method, endpoint, status, latency_ms, at, path)
        select ${c.tenantId}, ${c.key.id}, 'GET', 'GET /api/v1/balance', 200, 1,
               now() - (${ageSeconds}::int + g) * interval '1 second', ${path}
        from generate_series(1, ${count}) g`);
    await insert(1, "/api/v1/jobs/late", "90000");
    await insert(SCAN_ROWS + 5_000, "/api/v1/balance", "0");
    const first = await page(c.call, "?path=/api/v1/jobs");
    expect(first.items).toEqual([]);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(c.call, `?path=/api/v1/jobs&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.path)).toEqual(["/api/v1/jobs/late"]);
    expect(second.nextCursor).toBeNull();
    // Without such a filter a page is full at once.
    expect((await page(c.call, "?limit=100")).items).toHaveLength(100);
  });

  it("refuses a malformed filter or cursor, naming the field", async () => {
    const c = await apiClient(t);
    expectFieldError(await c.call("GET", "/api/v1/requests?status=6xx"), "status", "invalid_format");
    expectFieldError(await c.call("GET", "/api/v1/requests?from=yesterday"), "from", "invalid_format");
    expectFieldError(await c.call("GET", "/api/v1/requests?cursor=bm9wZQ"), "cursor", "invalid");
    expectFieldError(await c.call("GET", "/api/v1/requests?limit=101"), "limit", "out_of_range");
  });

  it("shows an organisation only its own requests, through the API and the dashboard", async () => {
    const a = await apiClient(t);
    const b = await apiClient(t);
    const mine = await a.call("GET", "/api/v1/balance");
    await b.call("GET", "/api/v1/balance");
    const ids = (p: ApiRequestPage) => p.items.map((i) => i.requestId);
    const seenByB = await page(b.call);
    expect(ids(seenByB)).not.toContain(mine.headers["x-request-id"]);
    expect(seenByB.items.every((i) => i.keyId === b.key.id)).toBe(true);
    // Asking for A's request id or key from B finds nothing.
    expect((await page(b.call, `?requestId=${mine.headers["x-request-id"]}`)).items).toEqual([]);
    expect((await page(b.call, `?keyId=${a.key.id}`)).items).toEqual([]);
    // The dashboard reads the same log, of the organisation in x-tenant-id only.
    const dashboardPage = expectOk<ApiRequestPage>(await b.dashboard("GET", "/api/tenant/api-requests"));
    expect(ids(dashboardPage)).not.toContain(mine.headers["x-request-id"]);
    expect(dashboardPage.items.length).toBeGreaterThan(0);
    const other = await a.dashboard("GET", "/api/tenant/api-requests", undefined, {
      "x-tenant-id": b.tenantId,
    });
    expect(body(other).code).toBe(40036);
  });

  it("needs the usage:read scope through the API and apikey_data:read on the dashboard", async () => {
    const c = await apiClient(t, { scopes: ["check"] });
    expectError(await c.call("GET", "/api/v1/requests"), 403, 40300);
    // Developer holds apikey_data:read (the API usage page's right); Finance and Viewer do not.
    const statusOf = async (role: "developer" | "finance" | "viewer") => {
      const user = await memberWithRole(t, c.tenantId, role);
      const res = await inTenant(t, user, c.tenantId)("GET", "/api/tenant/api-requests");
      return [res.statusCode, body(res).code];
    };
    expect(await statusOf("developer")).toEqual([200, 0]);
    expect(await statusOf("finance")).toEqual([403, 40300]);
    expect(await statusOf("viewer")).toEqual([403, 40300]);
  });

  it("keeps 30 days: the housekeeping deletes older rows in slices and leaves newer ones", async () => {
    const c = await apiClient(t);
    expectOk(await c.call("GET", "/api/v1/balance"));
    await t.app.meter.flush();
    const db = t.database.db;
    // Four rows 31 days old, given the lowest ids as the oldest rows have (ids grow with time).
    await db.execute(sql`insert into api_calls (tenant_id, api_key_id, method, endpoint, status, latency_ms, at, path)
      select ${c.tenantId}, ${c.key.id}, 'GET', 'GET /api/v1/balance', 200, 1, now() - interval '31 days', '/api/v1/balance'
      from generate_series(1, 4)`);
    await db.execute(
      sql`update api_calls set id = -id where tenant_id = ${c.tenantId} and at < now() - interval '30 days'`,
    );
    const count = async (older: boolean) => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from api_calls where tenant_id = ${c.tenantId}
              and (at < now() - interval '30 days') = ${older}`,
      );
      return row!.n;
    };
    expect(await count(true)).toBe(4);
    const before = await count(false);
    await t.app.apiHousekeeping();
    expect(await count(true)).toBe(0);
    expect(await count(false)).toBe(before);
  });

  it("writes calls off the request path: one multi-row insert per interval or per full buffer, and on close", async () => {
    const c = await apiClient(t);
    let transactions = 0;
    // The meter's database, counting the transactions it opens (one per write).
    const db = new Proxy(t.database.db, {
      get(target, name, receiver) {
        if (name === "transaction")
          return (...args: Parameters<Db["transaction"]>) => {
            transactions++;
            return target.transaction(...args);
          };
        return Reflect.get(target, name, receiver);
      },
    }) as Db;
    const meter = createMeter(db, { flushMs: 150, maxBuffered: 4 });
    const rows = async () => {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from api_calls where tenant_id = ${c.tenantId} and path like '/batch/%'`,
      );
      return row!.n;
    };
    const call = (n: number) =>
      meter.record({
        tenantId: c.tenantId,
        apiKeyId: c.key.id,
        timeZone: "UTC",
        method: "GET",
        endpoint: "GET /api/v1/balance",
        service: null,
        status: 200,
        numbers: 0,
        costMicros: 0n,
        latencyMs: 1,
        requestId: `req_batch_${n}`,
        at: new Date(),
        path: `/batch/${n}`,
        errorCode: null,
        idempotencyKey: null,
      });

    // Fewer than a buffer: nothing written until the interval has passed, then all in one write.
    for (let n = 0; n < 3; n++) call(n);
    expect(transactions).toBe(0);
    expect(await rows()).toBe(0);
    await vi.waitFor(async () => expect(await rows()).toBe(3), { timeout: 2_000 });
    expect(transactions).toBe(1);

    // A full buffer is written at once, without waiting for the interval.
    for (let n = 3; n < 7; n++) call(n);
    expect(transactions).toBe(2);
    await vi.waitFor(async () => expect(await rows()).toBe(7), { timeout: 100 });

    // What is left is written by flush(), as the server's close does.
    call(7);
    await meter.flush();
    expect(await rows()).toBe(8);
    expect(transactions).toBe(3);
  });

  it.runIf(onPostgres)(
    "on PostgreSQL, 200k calls of four organisations: each filter reads by its index, the prune by the primary key",
    async () => {
      const orgs = await Promise.all([apiClient(t), apiClient(t), apiClient(t), apiClient(t)]);
      const c = orgs[0]!;
      const db = t.database.db;
      const tenantsList = `{${orgs.map((o) => o.tenantId).join(",")}}`;
      const keysList = `{${orgs.map((o) => o.key.id).join(",")}}`;
      // Four organisations, 50,000 calls each over 30 days, one in 400 refused.
      await db.execute(sql`
        insert into api_calls (tenant_id, api_key_id, method, endpoint, service, status, latency_ms, request_id,
                               at, path, error_code)
        select (${tenantsList}::uuid[])[g % 4 + 1], (${keysList}::uuid[])[g % 4 + 1],
               'POST', 'POST /api/v1/check', 'basic', case when g % 400 = 0 then 400 else 200 end, 3,
               'req_' || md5(g::text), now() - (200000 - g) * interval '13 seconds', '/api/v1/check',
               case when g % 400 = 0 then 40001 end
        from generate_series(1, 200000) g`);
      await db.execute(sql`analyze api_calls`);
      const repo = apiRequestRepo(db);
      const plan = async (filter: Parameters<typeof repo.pageQuery>[1]) => {
        const rows = await queryRows<{ "QUERY PLAN": string }>(
          db,
          sql`explain ${repo.pageQuery(c.tenantId, filter, 51)}`,
        );
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      };
      const noScan = /Seq Scan on api_calls/;
      const all = await plan({});
      expect(all).toMatch(/Index Scan Backward using api_calls_tenant_at_idx/);
      expect(all).not.toMatch(noScan);
      expect(await plan({ status: "4xx" })).toMatch(/api_calls_tenant_status_at_idx/);
      expect(await plan({ keyId: c.key.id })).toMatch(/api_calls_(key|tenant)_at_idx/);
      expect(await plan({ requestId: "req_x" })).toMatch(/api_calls_request_id_idx/);
      for (const filter of [
        { status: "4xx" },
        { keyId: c.key.id },
        { requestId: "req_x" },
        { path: "/api/v1/j" },
      ])
        expect(await plan(filter)).not.toMatch(noScan);
      const prune = await queryRows<{ "QUERY PLAN": string }>(
        db,
        sql`explain ${deleteCallsStatement(new Date(Date.now() - 30 * DAY_MS), 10_000)}`,
      );
      const pruneText = prune.map((r) => r["QUERY PLAN"]).join("\n");
      expect(pruneText).toMatch(/Index (Only )?Scan using api_calls_pkey/);
      expect(pruneText).not.toMatch(noScan);
    },
    120_000,
  );
});
