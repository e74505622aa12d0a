import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canGrant,
  hasAnyPermission,
  type PermissionHolder,
  permissionCovers,
  permissionMatches,
  permissionsNotHeld,
} from "./permissions";

const user = (...permissions: string[]): PermissionHolder => ({ permissions, super: false });
const superUser = (...permissions: string[]): PermissionHolder => ({ permissions, super: true });

/** Halves with a fair share of wildcards, empty halves and clashes of similar names. */
const half = fc.oneof(
  fc.constantFrom("*", "", "user", "users", "tenant", "order", "read", "write", "delete", "User"),
  fc.string({ unit: fc.constantFrom("a", "b", "*", "-", "_"), maxLength: 4 }),
);
const permission = fc.oneof(
  fc.tuple(half, half).map(([r, a]) => `${r}:${a}`),
  half,
  fc.tuple(half, half).map(([r, a]) => `:${r}${a}`),
);
const anyString = fc.oneof(permission, fc.string());

/** The spec's reading of a permission string, written independently of the implementation. */
function spec(permission: string): { resource: string; action: string } {
  const colon = permission.indexOf(":");
  const resource = colon === -1 ? permission : permission.slice(0, colon);
  const action = colon === -1 ? "" : permission.slice(colon + 1);
  return { resource: resource === "" ? "*" : resource, action: action === "" ? "*" : action };
}

describe("permissionMatches: examples of the spec's rules", () => {
  it("matches resource:action exactly", () => {
    expect(permissionMatches("user:read", "user:read")).toBe(true);
    expect(permissionMatches("user:read", "user:write")).toBe(false);
    expect(permissionMatches("user:read", "tenant:read")).toBe(false);
    expect(permissionMatches("user:read", "users:read")).toBe(false);
  });

  it("is case-sensitive", () => {
    expect(permissionMatches("User:read", "user:read")).toBe(false);
    expect(permissionMatches("user:Read", "user:read")).toBe(false);
  });

  it("treats a missing action as a wildcard", () => {
    expect(permissionMatches("user", "user:read")).toBe(true);
    expect(permissionMatches("user:", "user:delete")).toBe(true);
    expect(permissionMatches("user", "tenant:read")).toBe(false);
    expect(permissionMatches("user:read", "user")).toBe(true);
  });

  it("treats a missing resource as a wildcard", () => {
    expect(permissionMatches(":read", "user:read")).toBe(true);
    expect(permissionMatches(":read", "tenant:read")).toBe(true);
    expect(permissionMatches(":read", "user:write")).toBe(false);
  });

  it('lets "*" match either side', () => {
    expect(permissionMatches("*:read", "order:read")).toBe(true);
    expect(permissionMatches("*:read", "order:write")).toBe(false);
    expect(permissionMatches("order:*", "order:refund")).toBe(true);
    expect(permissionMatches("order:*", "user:refund")).toBe(false);
    expect(permissionMatches("*", "order:refund")).toBe(true);
    expect(permissionMatches("*:*", "order:refund")).toBe(true);
    // A wildcard in the requirement is met by any grant on that side.
    expect(permissionMatches("order:read", "*:read")).toBe(true);
    expect(permissionMatches("order:read", "order:*")).toBe(true);
    expect(permissionMatches("order:read", "*:write")).toBe(false);
  });

  it("splits at the first colon only", () => {
    expect(permissionMatches("a:b:c", "a:b:c")).toBe(true);
    expect(permissionMatches("a:b", "a:b:c")).toBe(false);
    expect(permissionMatches("a", "a:b:c")).toBe(true);
  });
});

describe("hasAnyPermission: examples", () => {
  it("passes when any one of the required permissions is held (any-of)", () => {
    const holder = user("user:read");
    expect(hasAnyPermission(holder, ["tenant:write", "user:read"])).toBe(true);
    expect(hasAnyPermission(holder, ["user:read", "tenant:write"])).toBe(true);
    expect(hasAnyPermission(holder, ["tenant:write", "user:write"])).toBe(false);
  });

  it("passes when any one of the held permissions grants it", () => {
    expect(hasAnyPermission(user("tenant:read", "order:*"), ["order:refund"])).toBe(true);
    expect(hasAnyPermission(user("tenant:read", "order:read"), ["order:refund"])).toBe(false);
  });

  it("fails for a holder without permissions", () => {
    expect(hasAnyPermission(user(), ["user:read"])).toBe(false);
  });

  it("lets a super holder pass everything", () => {
    expect(hasAnyPermission(superUser(), ["anything:at-all"])).toBe(true);
    expect(hasAnyPermission(superUser("user:read"), ["tenant:delete"])).toBe(true);
  });

  it("fails an empty requirement list, even for super", () => {
    expect(hasAnyPermission(user("*:*"), [])).toBe(false);
    expect(hasAnyPermission(superUser(), [])).toBe(false);
  });
});

describe("permission properties", () => {
  it("agrees with the spec's reading of both strings", () => {
    fc.assert(
      fc.property(anyString, anyString, (granted, required) => {
        const g = spec(granted);
        const r = spec(required);
        const side = (a: string, b: string) => a === "*" || b === "*" || a === b;
        expect(permissionMatches(granted, required)).toBe(
          side(g.resource, r.resource) && side(g.action, r.action),
        );
      }),
    );
  });

  it("an exact string always matches itself", () => {
    fc.assert(fc.property(anyString, (p) => permissionMatches(p, p)));
    fc.assert(fc.property(anyString, (p) => hasAnyPermission(user(p), [p])));
  });

  it('"*" and "*:*" grant everything', () => {
    fc.assert(
      fc.property(anyString, (required) => {
        expect(permissionMatches("*", required)).toBe(true);
        expect(permissionMatches("*:*", required)).toBe(true);
        expect(hasAnyPermission(user("*:*"), [required])).toBe(true);
      }),
    );
  });

  it("is symmetric: wildcards count the same on the granted and the required side", () => {
    fc.assert(
      fc.property(anyString, anyString, (a, b) => permissionMatches(a, b) === permissionMatches(b, a)),
    );
  });

  it('a missing half is the same as "*" on that side', () => {
    fc.assert(
      fc.property(
        half.filter((h) => !h.includes(":")),
        anyString,
        (resource, required) => {
          expect(permissionMatches(resource, required)).toBe(permissionMatches(`${resource}:*`, required));
          expect(permissionMatches(`${resource}:`, required)).toBe(
            permissionMatches(`${resource}:*`, required),
          );
          expect(permissionMatches(`:${resource}`, required)).toBe(
            permissionMatches(`*:${resource}`, required),
          );
        },
      ),
    );
  });

  it("different concrete resources never match", () => {
    const concrete = half.filter((h) => h !== "" && h !== "*" && !h.includes(":"));
    fc.assert(
      fc.property(concrete, concrete, half, half, (r1, r2, a1, a2) => {
        fc.pre(r1 !== r2);
        expect(permissionMatches(`${r1}:${a1}`, `${r2}:${a2}`)).toBe(false);
      }),
    );
  });

  it("a super holder passes every non-empty requirement list", () => {
    fc.assert(
      fc.property(fc.array(anyString), fc.array(anyString, { minLength: 1 }), (held, required) =>
        hasAnyPermission(superUser(...held), required),
      ),
    );
  });

  it("an empty requirement list always fails, even for super", () => {
    fc.assert(
      fc.property(fc.array(anyString), fc.boolean(), (held, isSuper) => {
        expect(hasAnyPermission({ permissions: held, super: isSuper }, [])).toBe(false);
      }),
    );
  });

  it("is any-of: the list passes exactly when one of its items passes alone", () => {
    fc.assert(
      fc.property(fc.array(permission), fc.array(permission, { minLength: 1 }), (held, required) => {
        const holder = user(...held);
        expect(hasAnyPermission(holder, required)).toBe(required.some((r) => hasAnyPermission(holder, [r])));
        expect(hasAnyPermission(holder, required)).toBe(
          required.some((r) => held.some((h) => permissionMatches(h, r))),
        );
      }),
    );
  });

  it("is monotonic: more held permissions never take access away", () => {
    fc.assert(
      fc.property(
        fc.array(permission),
        fc.array(permission),
        fc.array(permission),
        (held, more, required) => {
          if (hasAnyPermission(user(...held), required)) {
            expect(hasAnyPermission(user(...held, ...more), required)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("permissionCovers and permissionsNotHeld: granting only what one holds", () => {
  it("counts a wildcard only on the granted side", () => {
    expect(permissionCovers("order:*", "order:refund")).toBe(true);
    expect(permissionCovers("*", "order:refund")).toBe(true);
    expect(permissionCovers("order", "order:refund")).toBe(true);
    expect(permissionCovers("order:read", "order:*")).toBe(false);
    expect(permissionCovers("order:read", "order")).toBe(false);
    expect(permissionCovers("order:read", "*")).toBe(false);
    expect(permissionCovers("order:read", "order:read")).toBe(true);
    expect(permissionCovers("order:read", "order:write")).toBe(false);
  });

  it("lists what the holder lacks, and refuses a super role to anyone but a super holder", () => {
    const role = (...permissions: string[]) => ({ permissions, super: false });
    expect(permissionsNotHeld(user("a:read", "b:read"), role("b:read", "a:read"))).toEqual([]);
    expect(permissionsNotHeld(user("a:read"), role("c:x", "a:read", "b:y", "c:x"))).toEqual(["b:y", "c:x"]);
    expect(permissionsNotHeld(user("a:*"), role("a:*", "a:read"))).toEqual([]);
    expect(permissionsNotHeld(user("*:*"), { permissions: [], super: true })).toEqual(["*"]);
    expect(permissionsNotHeld(superUser(), { permissions: [], super: true })).toEqual([]);
    expect(canGrant(user(), role())).toBe(true);
    expect(canGrant(user("a:read"), role("a:*"))).toBe(false);
  });

  it("never lets a holder grant a permission the route matcher would refuse them", () => {
    fc.assert(
      fc.property(fc.array(permission, { maxLength: 4 }), permission, (held, wanted) => {
        if (permissionsNotHeld(user(...held), { permissions: [wanted], super: false }).length === 0)
          expect(held.some((h) => permissionMatches(h, wanted))).toBe(true);
      }),
    );
  });
});
