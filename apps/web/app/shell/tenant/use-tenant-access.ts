import { canGrant, hasAnyPermission, type PermissionHolder } from "@nc/contracts/permissions";
import type { TenantUserProfile } from "@nc/contracts/tenancy";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root-data";

/**
 * The active organisation and permission checks for hiding what the user may not use: `can` for a
 * route's permission, `canGrant` for handing a role (or permissions) out, which the server allows
 * only within the user's own rights (docs/security.md, roles and rights).
 */
export function useTenantAccess(): {
  tenant: TenantUserProfile | null;
  can: (permissions: readonly string[]) => boolean;
  canGrant: (role: PermissionHolder) => boolean;
} {
  const tenant = (useRouteLoaderData("root") as RootData | undefined)?.tenant ?? null;
  return {
    tenant,
    can: (permissions) => (tenant ? hasAnyPermission(tenant, permissions) : false),
    canGrant: (role) => (tenant ? canGrant(tenant, role) : false),
  };
}
