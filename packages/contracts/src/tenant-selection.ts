/**
 * How a request names the organisation it acts for: a header, else a cookie per person. Kept apart
 * from tenancy.ts, whose request schemas are built when the module loads, so the browser's HTTP
 * client can read these names without building them (docs/performance.md, "Lighthouse").
 */
export const MAX_TENANTS_PER_USER = 10;
export const TENANT_HEADER = "x-tenant-id";
export const TENANT_COOKIE_PREFIX = "tenant_";
export const TENANT_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const tenantCookieName = (userId: string) => `${TENANT_COOKIE_PREFIX}${userId}`;
