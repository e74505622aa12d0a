/**
 * Permission matcher of spec section 5, used by the server to enforce and by the browser to hide.
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
