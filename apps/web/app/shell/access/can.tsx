import type { ReactNode } from "react";
import { useTenantAccess } from "../tenant/use-tenant-access";

/** Renders its children only when the user holds one of the permissions (the server enforces too). */
export function Can({ permissions, children }: { permissions: readonly string[]; children: ReactNode }) {
  const { can } = useTenantAccess();
  return can(permissions) ? children : null;
}
