import type { TFunction } from "i18next";

/** "detection:create" as the role editor names it: "Detection · Create". */
export function permissionLabel(t: TFunction, permission: string): string {
  const [resource, action] = permission.split(":") as [string, string];
  return `${t(`permissions:groups.${resource}`)} · ${t(`permissions:actions.${action}`)}`;
}
