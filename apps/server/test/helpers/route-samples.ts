import type { TenantFixture } from "./tenant-fixture";

/**
 * How to call each tenant-scoped route against an organisation's own resources. The cross-tenant
 * and permission matrices run every route of `app.tenantRoutes` through this table, so a new route
 * without an entry fails them: add one here with a body that passes validation.
 */
const NO_JOB = "00000000-0000-4000-8000-000000000000";

export type RouteSample = (f: TenantFixture) => { url: string; body?: object };

export const ROUTE_SAMPLES: Record<string, RouteSample> = {
  "GET /api/tenant/tenant_user/profile": () => ({ url: "/api/tenant/tenant_user/profile" }),
  "POST /api/tenant/s/:id": (f) => ({
    url: `/api/tenant/s/${f.tenantId}`,
    body: { name: "Renamed by matrix" },
  }),
  "POST /api/tenant/s/:id/leave": (f) => ({ url: `/api/tenant/s/${f.tenantId}/leave` }),
  // The owner of the fixture has no two-factor sign-in: an allowed call is refused (40083) and changes nothing.
  "POST /api/tenant/s/:id/security": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/security`,
    body: { requireTwoFactor: true, keysWithoutTwoFactor: false },
  }),
  // Single sign-on: an issuer on the server's own network (refused by the service, 40001) and an unknown domain
  // (40400), so an allowed call changes nothing; adding a domain only lists it, unproven.
  "GET /api/tenant/s/:id/sso": (f) => ({ url: `/api/tenant/s/${f.tenantId}/sso` }),
  "POST /api/tenant/s/:id/sso": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/sso`,
    body: {
      issuer: "https://127.0.0.1:9",
      clientId: "matrix",
      clientSecret: "matrix-secret",
      roleId: f.customRoleId,
      required: false,
    },
  }),
  "POST /api/tenant/s/:id/sso/domains": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/sso/domains`,
    body: { domain: "matrix.invalid" },
  }),
  "DELETE /api/tenant/s/:id/sso/domains/:domainId": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/sso/domains/${NO_JOB}`,
  }),
  "POST /api/tenant/s/:id/sso/domains/:domainId/dns": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/sso/domains/${NO_JOB}/dns`,
  }),
  "POST /api/tenant/s/:id/sso/domains/:domainId/email": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/sso/domains/${NO_JOB}/email`,
    body: { local: "admin" },
  }),
  "POST /api/tenant/s/:id/sso/domains/:domainId/code": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/sso/domains/${NO_JOB}/code`,
    body: { code: "12345678" },
  }),
  // Privacy controls: a wrong password, so an allowed call is refused by the service and changes nothing.
  "POST /api/tenant/s/:id/delete": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/delete`,
    body: { password: "Not-the-password-1" },
  }),
  "POST /api/tenant/s/:id/restore": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/restore`,
    body: { password: "Not-the-password-1" },
  }),
  "POST /api/tenant/s/:id/export": (f) => ({
    url: `/api/tenant/s/${f.tenantId}/export`,
    body: { password: "Not-the-password-1" },
  }),
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
  "GET /api/tenant/account": () => ({ url: "/api/tenant/account" }),
  "GET /api/tenant/account/series": () => ({ url: "/api/tenant/account/series?days=7" }),
  "GET /api/tenant/account/transactions": () => ({ url: "/api/tenant/account/transactions?limit=5" }),
  "GET /api/tenant/account/transactions/s/:id": (f) => ({
    url: `/api/tenant/account/transactions/s/${f.extra.ledgerEntryId}`,
  }),
  "GET /api/tenant/account/transactions/export": () => ({
    url: "/api/tenant/account/transactions/export?format=csv",
  }),
  "GET /api/tenant/account/billing-details": () => ({ url: "/api/tenant/account/billing-details" }),
  "POST /api/tenant/account/billing-details": () => ({
    url: "/api/tenant/account/billing-details",
    body: { legalName: "Matrix Ltd", addressLine1: "1 Test Street", city: "London", country: "GB" },
  }),
  // An order the organisation does not have: the route answers 404 for its own tenant.
  "GET /api/tenant/recharge/s/:id/receipt/pdf": () => ({
    url: `/api/tenant/recharge/s/${NO_JOB}/receipt/pdf`,
  }),
  "GET /api/tenant/account/statements": () => ({ url: "/api/tenant/account/statements" }),
  "GET /api/tenant/account/statements/:month/pdf": () => ({
    url: "/api/tenant/account/statements/2000-01/pdf",
  }),
  "GET /api/tenant/audit": () => ({ url: "/api/tenant/audit?limit=5" }),
  "GET /api/tenant/audit/export": () => ({ url: "/api/tenant/audit/export?action=member" }),
  "POST /api/tenant/account/settings": () => ({
    url: "/api/tenant/account/settings",
    body: { lowBalanceThreshold: "5" },
  }),
  "GET /api/tenant/price": () => ({ url: "/api/tenant/price" }),
  "GET /api/tenant/price/quote": () => ({ url: "/api/tenant/price/quote?service=hlr&quantity=10" }),
  "POST /api/tenant/detection/check": () => ({
    url: "/api/tenant/detection/check",
    body: { service: "basic", number: "+447700900000" },
  }),
  "GET /api/tenant/detection/history": () => ({ url: "/api/tenant/detection/history?limit=5" }),
  "POST /api/tenant/job": () => ({
    url: "/api/tenant/job",
    body: { service: "basic", numbers: ["+447911123456", "+447911123457"] },
  }),
  // A job id the organisation does not have: the route answers 404 for its own tenant.
  "GET /api/tenant/job/s/:id": () => ({ url: `/api/tenant/job/s/${NO_JOB}` }),
  "GET /api/tenant/job/s/:id/items": () => ({ url: `/api/tenant/job/s/${NO_JOB}/items?limit=5` }),
  "POST /api/tenant/job/s/:id/cancel": () => ({ url: `/api/tenant/job/s/${NO_JOB}/cancel` }),
  "POST /api/tenant/job/s/:id/submit": () => ({ url: `/api/tenant/job/s/${NO_JOB}/submit` }),
  "POST /api/tenant/job/s/:id/retry-failed": () => ({ url: `/api/tenant/job/s/${NO_JOB}/retry-failed` }),
  "DELETE /api/tenant/job/s/:id": () => ({ url: `/api/tenant/job/s/${NO_JOB}` }),
  "GET /api/tenant/job/s/:id/summary": () => ({ url: `/api/tenant/job/s/${NO_JOB}/summary` }),
  "GET /api/tenant/job/s/:id/download": () => ({ url: `/api/tenant/job/s/${NO_JOB}/download?format=csv` }),
  // No body: the file itself is the body; the matrices only need the route's access decision.
  "POST /api/tenant/job/upload": () => ({ url: "/api/tenant/job/upload?service=basic&fileName=numbers.csv" }),
  "GET /api/tenant/apikey": () => ({ url: "/api/tenant/apikey" }),
  "POST /api/tenant/apikey": () => ({
    url: "/api/tenant/apikey",
    body: { name: "Matrix key", scopes: ["check"], mode: "test" },
  }),
  // A key id the organisation does not have: the route answers 404 for its own tenant.
  "POST /api/tenant/apikey/s/:id/roll": () => ({
    url: `/api/tenant/apikey/s/${NO_JOB}/roll`,
    body: { graceHours: 0 },
  }),
  "POST /api/tenant/apikey/s/:id/revoke": () => ({ url: `/api/tenant/apikey/s/${NO_JOB}/revoke` }),
  "POST /api/tenant/apikey/s/:id/limits": () => ({
    url: `/api/tenant/apikey/s/${NO_JOB}/limits`,
    body: { dailyLimit: "5", monthlyLimit: null },
  }),
  "GET /api/tenant/webhook": () => ({ url: "/api/tenant/webhook" }),
  // An address literal: no DNS look-up, and public (TEST-NET-3), so the target guard lets it pass.
  "POST /api/tenant/webhook": () => ({
    url: "/api/tenant/webhook",
    body: { url: "https://203.0.113.10/matrix", events: ["job.completed"] },
  }),
  "POST /api/tenant/webhook/s/:id": (f) => ({
    url: `/api/tenant/webhook/s/${f.extra.webhookId}`,
    body: { description: "Changed by matrix" },
  }),
  "DELETE /api/tenant/webhook/s/:id": (f) => ({ url: `/api/tenant/webhook/s/${f.extra.webhookId}` }),
  "POST /api/tenant/webhook/s/:id/roll": (f) => ({ url: `/api/tenant/webhook/s/${f.extra.webhookId}/roll` }),
  "POST /api/tenant/webhook/s/:id/ping": (f) => ({ url: `/api/tenant/webhook/s/${f.extra.webhookId}/ping` }),
  "GET /api/tenant/webhook/s/:id/deliveries": (f) => ({
    url: `/api/tenant/webhook/s/${f.extra.webhookId}/deliveries?limit=5`,
  }),
  "POST /api/tenant/webhook/delivery/s/:id/resend": (f) => ({
    url: `/api/tenant/webhook/delivery/s/${f.extra.webhookDeliveryId}/resend`,
  }),
  "GET /api/tenant/api-requests": () => ({ url: "/api/tenant/api-requests?status=4xx" }),
  "GET /api/tenant/api-usage": () => ({ url: "/api/tenant/api-usage?from=2026-01-01&to=2026-01-31" }),
  "GET /api/tenant/api-usage/export": () => ({
    url: "/api/tenant/api-usage/export?from=2026-01-01&to=2026-01-31&format=csv",
  }),
  "GET /api/tenant/fraud-list": () => ({ url: "/api/tenant/fraud-list" }),
  "POST /api/tenant/fraud-list": () => ({
    url: "/api/tenant/fraud-list",
    body: { kind: "block", entries: ["+44 7700 900"] },
  }),
  "POST /api/tenant/fraud-list/remove": () => ({
    url: "/api/tenant/fraud-list/remove",
    body: { kind: "block", entries: ["+447700900"] },
  }),
  "GET /api/tenant/recharge/options": () => ({ url: "/api/tenant/recharge/options" }),
  "POST /api/tenant/recharge": () => ({
    url: "/api/tenant/recharge",
    body: { method: "bank_transfer", amount: "50.00" },
  }),
  "GET /api/tenant/recharge": () => ({ url: "/api/tenant/recharge" }),
  "GET /api/tenant/recharge/s/:id": (f) => ({ url: `/api/tenant/recharge/s/${f.extra.rechargeOrderId}` }),
  "POST /api/tenant/recharge/s/:id/cancel": (f) => ({
    url: `/api/tenant/recharge/s/${f.extra.rechargeOrderId}/cancel`,
  }),
  "GET /api/tenant/recharge/s/:id/receipt": (f) => ({
    url: `/api/tenant/recharge/s/${f.extra.rechargeOrderId}/receipt`,
  }),
  "GET /api/tenant/recharge/auto": () => ({ url: "/api/tenant/recharge/auto" }),
  "POST /api/tenant/recharge/auto": () => ({
    url: "/api/tenant/recharge/auto",
    body: { enabled: false, threshold: "10", amount: "50", dailyMax: 3 },
  }),
  "POST /api/tenant/recharge/card/setup": () => ({ url: "/api/tenant/recharge/card/setup" }),
  "DELETE /api/tenant/recharge/card": () => ({ url: "/api/tenant/recharge/card" }),
};

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
