import { hasAnyPermission } from "@nc/contracts/permissions";
import type { TenantUserProfile } from "@nc/contracts/tenancy";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../../shell/root-data";

/** The active organisation and a permission check for hiding what the user may not use. */
export function useTenantAccess(): {
  tenant: TenantUserProfile | null;
  can: (permissions: readonly string[]) => boolean;
} {
  const tenant = (useRouteLoaderData("root") as RootData | undefined)?.tenant ?? null;
  return { tenant, can: (permissions) => (tenant ? hasAnyPermission(tenant, permissions) : false) };
}
