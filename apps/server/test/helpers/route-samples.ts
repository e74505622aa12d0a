import type { TenantFixture } from "./tenant-fixture";

/**
 * How to call each tenant-scoped route against an organisation's own resources. The cross-tenant
 * and permission matrices run every route of `app.tenantRoutes` through this table, so a new route
 * without an entry fails them: add one here with a body that passes validation.
 */
export type RouteSample = (f: TenantFixture) => { url: string; body?: object };

export const ROUTE_SAMPLES: Record<string, RouteSample> = {
  "GET /api/tenant/tenant_user/profile": () => ({ url: "/api/tenant/tenant_user/profile" }),
  "POST /api/tenant/s/:id": (f) => ({
    url: `/api/tenant/s/${f.tenantId}`,
    body: { name: "Renamed by matrix" },
  }),
  "POST /api/tenant/s/:id/leave": (f) => ({ url: `/api/tenant/s/${f.tenantId}/leave` }),
  "GET /api/tenant/permission/catalog": () => ({ url: "/api/tenant/permission/catalog" }),
  "GET /api/tenant/role": () => ({ url: "/api/tenant/role" }),
  "GET /api/tenant/role/s/:id": (f) => ({ url: `/api/tenant/role/s/${f.customRoleId}` }),
  "POST /api/tenant/role": () => ({
    url: "/api/tenant/role",
    body: { name: "Matrix role", permissions: ["notice:read"] },
  }),
  "POST /api/tenant/role/s/:id": (f) => ({
    url: `/api/tenant/role/s/${f.customRoleId}`,
    body: { name: "Matrix edit", permissions: ["notice:read"] },
  }),
  "DELETE /api/tenant/role/s/:id": (f) => ({ url: `/api/tenant/role/s/${f.customRoleId}` }),
};

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
