import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, BUILT_IN_ROLES, type Permission } from "./permission-catalog";
import { ROUTE_PERMISSIONS } from "./routes";

describe("the Permission type", () => {
  it("is the catalogue: every screen's and built-in role's permission is one of ALL_PERMISSIONS", () => {
    const used: Permission[] = [
      ...Object.values(ROUTE_PERMISSIONS).flat(),
      ...Object.values(BUILT_IN_ROLES).flatMap((role) => role.permissions),
    ];
    expect(used.filter((p) => !ALL_PERMISSIONS.includes(p))).toEqual([]);
  });

  it("refuses a misspelt permission at compile time (checked by tsc)", () => {
    const fine: Permission = "tenant_user:read";
    // @ts-expect-error the action is misspelt
    const typo: Permission = "tenant_user:raed";
    // @ts-expect-error the resource has no such action in the catalogue
    const unknownAction: Permission = "notice:delete";
    expect([fine, typo, unknownAction]).toHaveLength(3);
  });
});
