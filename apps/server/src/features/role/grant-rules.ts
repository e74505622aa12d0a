import { type PermissionHolder, permissionsNotHeld } from "@nc/contracts/permissions";
import { AppError } from "../../core/app-error";
import type { TenantContext } from "../../core/request-context";

/** A role as the grant rules see it: the roles table's super flag and permission list. */
export interface RoleRights {
  isSuper: boolean;
  permissions: readonly string[];
}

const rights = (role: RoleRights): PermissionHolder => ({
  super: role.isSuper,
  permissions: role.permissions,
});

/**
 * Nobody hands out a right they do not hold (docs/security.md, "Roles and rights inside an
 * organisation"): creating or editing a role, giving a member a role, inviting with one. Every
 * role passed must be within the caller's own rights; a super role (Owner) is an owner's to give
 * (40024), anything else missing answers 40310 with the permissions the caller lacks.
 */
export function assertMayGrant(caller: TenantContext, ...roles: RoleRights[]): void {
  const missing = new Set<string>();
  for (const role of roles) {
    if (role.isSuper && !caller.super) throw new AppError("ownerOnly");
    for (const permission of permissionsNotHeld(caller, rights(role))) missing.add(permission);
  }
  if (missing.size === 0) return;
  const permissions = [...missing].sort();
  throw new AppError("grantBeyondOwnRights", { permissions }, { count: permissions.length });
}

/** Nobody changes their own role or edits the role they hold: both would let them raise it. */
export function assertNotOwnRole(caller: TenantContext, target: { userId?: string; roleId?: string }): void {
  if (target.userId === caller.userId || target.roleId === caller.role.id)
    throw new AppError("ownRoleLocked");
}
