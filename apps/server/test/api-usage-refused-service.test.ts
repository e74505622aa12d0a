import type { ApiUsageView } from "@nc/contracts/api-usage";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { expectError, expectOk } from "./helpers/accounts";
import { apiClient } from "./helpers/api-client";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * A public API call refused for naming a service we do not have is counted with no service: the
 * dashboard's API usage never lists a "service" made of what a caller typed.
 */
describe("API usage: refused calls and unknown services", () => {
  let t: TestApp;
  // Migrating a fresh database can outlast the default hook time on a busy machine.
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it("counts a call for service 'xyz' under no service, and a known one under its own", async () => {
    const c = await apiClient(t);
    expectError(
      await c.call("POST", "/api/v1/check", { service: "xyz", number: "+447400123456" }),
      400,
      40001,
    );
    expectError(await c.call("POST", "/api/v1/jobs?service=xyz", { numbers: ["+447400123456"] }), 400, 40001);
    expectError(await c.call("POST", "/api/v1/check", { service: "basic" }), 400, 40001);
    await t.app.meter.flush();

    const rows = await queryRows<{ service: string; status: number; calls: number }>(
      t.database.db,
      sql`select service, status, sum(calls)::int as calls from api_usage_daily
          where tenant_id = ${c.tenantId} group by service, status order by service`,
    );
    expect(rows).toEqual([
      { service: "", status: 400, calls: 2 },
      { service: "basic", status: 400, calls: 1 },
    ]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const usage = expectOk<ApiUsageView>(
      await c.dashboard("GET", `/api/tenant/api-usage?from=${day(-1)}&to=${day(1)}`),
    );
    expect(usage.byService.map((s) => s.service).sort()).toEqual(["", "basic"]);
  });
});
