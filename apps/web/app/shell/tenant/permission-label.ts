import type { PermissionHolder } from "@nc/contracts/permissions";
import type { TFunction } from "i18next";

/** "detection:create" as the role editor names it: "Detection · Create". */
export function permissionLabel(t: TFunction, permission: string): string {
  const [resource, action] = permission.split(":") as [string, string];
  return `${t(`permissions:groups.${resource}`)} · ${t(`permissions:actions.${action}`)}`;
}

/**
 * The grants of `items` (API key scopes, webhook events) the member may not give, each with the
 * first right behind it their role lacks: forms offer them disabled, with the reason, since the
 * server refuses them (docs/security.md, "Roles and rights inside an organisation"). Without a
 * member, none may be given.
 */
export function grantsNotHeld<T extends string>(
  holder: PermissionHolder | null,
  items: readonly T[],
  notHeld: (holder: PermissionHolder, item: T) => string | null,
): Map<T, string> {
  const missing = new Map<T, string>();
  for (const item of items) {
    const permission = holder ? notHeld(holder, item) : item;
    if (permission) missing.set(item, permission);
  }
  return missing;
}
