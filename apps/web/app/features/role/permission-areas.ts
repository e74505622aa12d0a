/**
 * The areas the role editor groups permissions under, each a few resources a person thinks of
 * together; a resource missing here (a permission a role holds beyond the catalogue) goes under
 * "other".
 */
const AREAS: Record<string, readonly string[]> = {
  checks: ["detection", "dsp_detection", "dsp_service"],
  prices: ["standard_price", "special_price", "dsp_standard_price"],
  money: ["account", "account_stmt", "recharge"],
  developers: ["apikey", "apikey_data"],
  organisation: ["tenant", "tenant_user", "role", "notice", "audit"],
};

export interface PermissionArea {
  key: string;
  permissions: string[];
}

/** The permissions by area, in the areas' order and the given order within each; empty areas left out. */
export function permissionAreas(permissions: readonly string[]): PermissionArea[] {
  const areaOf = (permission: string) => {
    const resource = permission.split(":")[0] ?? "";
    return Object.keys(AREAS).find((area) => AREAS[area]?.includes(resource)) ?? "other";
  };
  return [...Object.keys(AREAS), "other"]
    .map((key) => ({ key, permissions: permissions.filter((permission) => areaOf(permission) === key) }))
    .filter((area) => area.permissions.length > 0);
}
