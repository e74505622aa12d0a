import { BUILT_IN_ROLE_KEYS, BUILT_IN_ROLES } from "@nc/contracts/permission-catalog";
import { hasAnyPermission } from "@nc/contracts/permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./helpers/accounts";
import { ROUTE_SAMPLES, routeKey } from "./helpers/route-samples";
import { memberWithRole } from "./helpers/tenancy";
import { makeTenantFixture } from "./helpers/tenant-fixture";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Each built-in role against each guarded tenant route: 403 exactly where the role lacks the permission. */
describe("permission matrix of the built-in roles", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Reads first, removals last, so an allowed call does not take away what a later one needs.
  const order = { GET: 0, POST: 1, DELETE: 2 } as Record<string, number>;

  for (const key of BUILT_IN_ROLE_KEYS) {
    it(`${key}: allowed and refused exactly as its permissions say`, async () => {
      const fixture = await makeTenantFixture(t, `Matrix ${key}`);
      const member = await memberWithRole(t, fixture.tenantId, key);
      const role = BUILT_IN_ROLES[key];
      const routes = t.app.tenantRoutes
        .filter((r) => r.permissions.length > 0)
        .sort((x, y) => (order[x.method] ?? 1) - (order[y.method] ?? 1));
      expect(routes.length).toBeGreaterThan(3);
      const wrong: string[] = [];
      for (const route of routes) {
        const sample = ROUTE_SAMPLES[routeKey(route)]!(fixture);
        const res = await call(t, route.method as "GET", sample.url, sample.body, {
          sid: member.sid,
          headers: { "x-tenant-id": fixture.tenantId },
        });
        const allowed = hasAnyPermission(
          { permissions: role.permissions, super: role.super },
          route.permissions,
        );
        const refused = res.statusCode === 403 && (res.json() as { code: number }).code === 40300;
        if (allowed === refused)
          wrong.push(`${routeKey(route)}: expected ${allowed ? "allowed" : "403"}, got ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
