/**
 * Permission matcher used by the server to enforce and by the browser to hide.
 * A permission is "resource:action"; a missing half is a wildcard; "*" matches either side.
 */
export interface PermissionHolder {
  permissions: readonly string[];
  super: boolean;
}

function halves(permission: string): [string, string] {
  const index = permission.indexOf(":");
  if (index === -1) return [permission || "*", "*"];
  return [permission.slice(0, index) || "*", permission.slice(index + 1) || "*"];
}

function sideMatches(granted: string, required: string): boolean {
  return granted === "*" || required === "*" || granted === required;
}

export function permissionMatches(granted: string, required: string): boolean {
  const [grantedResource, grantedAction] = halves(granted);
  const [requiredResource, requiredAction] = halves(required);
  return sideMatches(grantedResource, requiredResource) && sideMatches(grantedAction, requiredAction);
}

/** True when the holder has at least one of the required permissions; an empty list fails. */
export function hasAnyPermission(holder: PermissionHolder, required: readonly string[]): boolean {
  if (required.length === 0) return false;
  if (holder.super) return true;
  return required.some((need) => holder.permissions.some((have) => permissionMatches(have, need)));
}

/**
 * The first of `required` (every one of which is needed) that the holder lacks, or null when they
 * hold them all: a grant that needs these speaks for the holder only when null.
 */
export function firstPermissionNotHeld<P extends string>(
  holder: PermissionHolder,
  required: readonly P[],
): P | null {
  return required.find((need) => !hasAnyPermission(holder, [need])) ?? null;
}

/**
 * Whether a granted permission includes everything another one gives. Unlike the matcher above,
 * only a wildcard on the granted side counts: "order:read" does not include "order:*", so holding
 * one action never lets anyone hand out the whole resource (docs/security.md, roles and rights).
 */
export function permissionCovers(granted: string, wanted: string): boolean {
  const [grantedResource, grantedAction] = halves(granted);
  const [wantedResource, wantedAction] = halves(wanted);
  const covers = (have: string, want: string) => have === "*" || have === want;
  return covers(grantedResource, wantedResource) && covers(grantedAction, wantedAction);
}

/**
 * The permissions of a role (its list, or everything when super) the holder does not hold
 * themselves, sorted; empty when the holder may hand the role out. A super role can only be
 * handed out by a super holder: for anyone else the answer is ["*"].
 */
export function permissionsNotHeld(holder: PermissionHolder, role: PermissionHolder): string[] {
  if (holder.super) return [];
  if (role.super) return ["*"];
  const missing = role.permissions.filter(
    (p) => !holder.permissions.some((have) => permissionCovers(have, p)),
  );
  return [...new Set(missing)].sort();
}

/** Whether the holder may give the role to someone, or put these permissions into a role. */
export function canGrant(holder: PermissionHolder, role: PermissionHolder): boolean {
  return permissionsNotHeld(holder, role).length === 0;
}
