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
  "GET /api/tenant/tenant_user": () => ({ url: "/api/tenant/tenant_user" }),
  "GET /api/tenant/tenant_user/roles": () => ({ url: "/api/tenant/tenant_user/roles" }),
  "GET /api/tenant/tenant_user/s/:userId": (f) => ({ url: `/api/tenant/tenant_user/s/${f.member.id}` }),
  "POST /api/tenant/tenant_user/s/:userId": (f) => ({
    url: `/api/tenant/tenant_user/s/${f.member.id}`,
    body: { roleId: f.customRoleId },
  }),
  "DELETE /api/tenant/tenant_user/s/:userId": (f) => ({ url: `/api/tenant/tenant_user/s/${f.member.id}` }),
  "GET /api/tenant/invite": () => ({ url: "/api/tenant/invite" }),
  "POST /api/tenant/invite": (f) => ({
    url: "/api/tenant/invite",
    body: { email: "matrix.invitee@example.com", roleId: f.customRoleId },
  }),
  "POST /api/tenant/invite/s/:id/resend": (f) => ({ url: `/api/tenant/invite/s/${f.extra.inviteId}/resend` }),
  "DELETE /api/tenant/invite/s/:id": (f) => ({ url: `/api/tenant/invite/s/${f.extra.inviteId}` }),
  "GET /api/tenant/notice": () => ({ url: "/api/tenant/notice?page=1&pageSize=20" }),
  "GET /api/tenant/notice/unread_count": () => ({ url: "/api/tenant/notice/unread_count" }),
  "POST /api/tenant/notice/s/:id/read": (f) => ({ url: `/api/tenant/notice/s/${f.extra.noticeId}/read` }),
  "POST /api/tenant/notice/read_all": () => ({ url: "/api/tenant/notice/read_all" }),
};

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
