import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./helpers/accounts";
import { ROUTE_SAMPLES, routeKey } from "./helpers/route-samples";
import { makeTenantFixture, snapshotTenant, type TenantFixture } from "./helpers/tenant-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Samples of each route live in helpers/route-samples.ts (a new tenant route needs one there).
 * Tenant isolation, generated from the app's own table of tenant routes: a member of A reaching
 * for B (by header, by path, or with B's resource ids inside A) gets no data and changes nothing.
 */
describe("cross-tenant matrix", () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  beforeAll(async () => {
    t = await createTestApp();
    a = await makeTenantFixture(t, "Alpha");
    b = await makeTenantFixture(t, "Beta");
  });
  afterAll(() => t.close());

  it("has a sample call for every tenant-scoped route", () => {
    const missing = t.app.tenantRoutes.map(routeKey).filter((key) => !ROUTE_SAMPLES[key]);
    // Add an entry for each of these to ROUTE_SAMPLES in helpers/route-samples.ts.
    expect(missing, "routes without a sample in helpers/route-samples.ts").toEqual([]);
    expect(t.app.tenantRoutes.length).toBeGreaterThanOrEqual(Object.keys(ROUTE_SAMPLES).length);
  });

  it("refuses A's owner everywhere in B and leaves B unchanged", async () => {
    const before = await snapshotTenant(t, b.tenantId);
    const leaks: string[] = [];
    for (const route of t.app.tenantRoutes) {
      const sample = ROUTE_SAMPLES[routeKey(route)]!(b);
      const res = await call(t, route.method as "GET", sample.url, sample.body, {
        sid: a.owner.sid,
        headers: { "x-tenant-id": b.tenantId },
      });
      const body = res.json() as { code: number; data: unknown };
      if (body.code !== 40036 || body.data !== null)
        leaks.push(`${routeKey(route)} -> ${res.statusCode} ${body.code}`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshotTenant(t, b.tenantId)).toBe(before);
  });

  it("finds none of B's resources from inside A", async () => {
    const before = await snapshotTenant(t, b.tenantId);
    const leaks: string[] = [];
    for (const route of t.app.tenantRoutes.filter((r) => r.tenantFrom === "header" && r.url.includes(":"))) {
      const sample = ROUTE_SAMPLES[routeKey(route)]!(b);
      const res = await call(t, route.method as "GET", sample.url, sample.body, {
        sid: a.owner.sid,
        headers: { "x-tenant-id": a.tenantId },
      });
      const body = res.json() as { code: number; data: unknown };
      if (body.code === 0 || ![400, 404].includes(res.statusCode))
        leaks.push(`${routeKey(route)} -> ${res.statusCode} ${body.code}`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshotTenant(t, b.tenantId)).toBe(before);
  });
});
