import { BUILT_IN_ROLE_KEYS } from "@nc/contracts/permission-catalog";
import type { TFunction } from "i18next";
import { roleName } from "../role";

/**
 * A role as the operator endpoints give it (a built-in role's key, or a custom role's name), in
 * the reader's language when it is built in.
 */
export function roleLabel(role: string, t: TFunction): string {
  const key = (BUILT_IN_ROLE_KEYS as readonly string[]).includes(role) ? role : null;
  return roleName({ id: "", name: role, key }, t);
}
