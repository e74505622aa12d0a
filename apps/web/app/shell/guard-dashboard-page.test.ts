import { BUILT_IN_ROLE_KEYS, BUILT_IN_ROLES } from "@nc/contracts/permission-catalog";
import { hasAnyPermission } from "@nc/contracts/permissions";
import type { PageContext } from "@nc/contracts/site";
import { describe, expect, it } from "vitest";
import { guardDashboardPage } from "./guard-dashboard-page.server";
import { DASHBOARD_PAGES } from "./route-table";

function context(tenant: PageContext["tenant"], tenantCount = tenant ? 1 : 0): PageContext {
  return { tenant, tenantCount } as PageContext;
}

function profileFor(key: (typeof BUILT_IN_ROLE_KEYS)[number]): NonNullable<PageContext["tenant"]> {
  const role = BUILT_IN_ROLES[key];
  return {
    permissions: [...role.permissions],
    super: role.super,
    role: { id: "r", name: key, key },
    tenant: {
      id: "t",
      name: "Org",
      timezoneCode: "UTC",
      status: "active",
      keepFileColumns: true,
      requireTwoFactor: false,
      keysWithoutTwoFactor: false,
    },
  };
}

/** Where a guard sends the request: null when the page may render. */
function outcome(path: string, page: PageContext): string | null {
  try {
    guardDashboardPage(new Request(`http://x.test${path}`), page);
    return null;
  } catch (thrown) {
    return (thrown as Response).headers.get("Location");
  }
}

const concrete = (path: string) => path.replace(/:(\w+)/g, "00000000-0000-0000-0000-000000000000");

describe("dashboard page guard (docs/architecture.md)", () => {
  it.each(BUILT_IN_ROLE_KEYS)("%s sees exactly the pages its permissions allow, others go to 403", (key) => {
    const tenant = profileFor(key);
    for (const page of DASHBOARD_PAGES.filter((p) => p.needsTenant !== false)) {
      const expected =
        !page.permissions || hasAnyPermission(tenant, page.permissions) ? null : "/dashboard/403";
      expect([page.path, outcome(concrete(page.path), context(tenant))]).toEqual([page.path, expected]);
    }
  });

  it("keeps the locale prefix when it redirects", () => {
    const page = DASHBOARD_PAGES.find((p) => p.permissions?.includes("role:create"))!;
    expect(outcome(`/zh-Hans${page.path}`, context(profileFor("viewer")))).toBe("/zh-Hans/dashboard/403");
  });

  it("sends a user without an organisation to choose one, or to the no-organisation page", () => {
    expect(outcome("/dashboard", context(null, 0))).toBe("/dashboard/profile/no-tenant");
    expect(outcome("/es/dashboard", context(null, 3))).toBe("/es/dashboard/tenants");
  });

  it("lets the profile open without an organisation", () => {
    expect(outcome("/dashboard/profile", context(null, 0))).toBeNull();
  });
});
