import { TENANT_COOKIE_MAX_AGE_S, tenantCookieName } from "@nc/contracts/tenant-selection";
import { setPreferenceCookie } from "../preference-cookie";

/** Remembers the user's active organisation for a year (docs/architecture.md, "Organisations and access"), per user id. */
export function setActiveTenant(userId: string, tenantId: string) {
  setPreferenceCookie(tenantCookieName(userId), tenantId, TENANT_COOKIE_MAX_AGE_S);
}

export function clearActiveTenant(userId: string) {
  setPreferenceCookie(tenantCookieName(userId), "", 0);
}
