import type { RoleRef } from "@nc/contracts/tenancy";
import type { TFunction } from "i18next";

/** Built-in roles are shown in the reader's language; custom roles by the name they were given. */
export function roleName(role: RoleRef, t: TFunction): string {
  return role.key ? t(`tenant:builtInRoles.${role.key}`) : role.name;
}
