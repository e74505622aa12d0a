import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { BUILT_IN_ROLES, type BuiltInRoleKey } from "@nc/contracts/permission-catalog";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, expectError, expectOk, registerUser, uniqueEmail } from "../helpers/accounts";
import { eventually } from "../helpers/api-client";
import { createTenant, inTenant, memberWithRole, roleId } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

const MEMBER = (userId: string) => `/api/tenant/tenant_user/s/${userId}`;
const ROLE = "/api/tenant/role";

/** Custom roles that manage members or roles, one only an owner can hand out, and a small one. */
const CUSTOM = {
  // Manages members but holds little else: it set its own member to Admin.
  memberDesk: [
    "tenant_user:read",
    "tenant_user:create",
    "tenant_user:update",
    "detection:read",
    "notice:read",
  ],
  // Manages roles: it added apikey:create to its own role, then made a live key.
  roleDesk: ["role:read", "role:create", "role:update", "notice:read", "detection:read"],
  // A partner-only right that no built-in role but Owner holds.
  partnerDesk: ["dsp_detection:read", "notice:read"],
  // Within memberDesk's rights, so memberDesk may give it.
  reader: ["detection:read", "notice:read"],
} as const;
type CustomKey = keyof typeof CUSTOM;
type Actor = BuiltInRoleKey | "memberDesk" | "roleDesk";

/** Refusals: the route's permission (40300), one's own role (40311), beyond one's rights (40310), owners only (40024), built-in (40022). */
const FORBIDDEN = 40300;
const OWN_ROLE = 40311;
const BEYOND = 40310;
const OWNER_ONLY = 40024;
const BUILT_IN = 40022;
const OK = 0;

type Attack =
  | "selfRole"
  | "grantHigher"
  | "demoteOwner"
  | "editOwnRole"
  | "createBeyond"
  | "editHigherRole"
  | "inviteHigher";

/** Built-in roles with no member or role rights: every attack stops at the route's permission. */
const NO_ACCESS: Record<Attack, number> = {
  selfRole: FORBIDDEN,
  grantHigher: FORBIDDEN,
  demoteOwner: FORBIDDEN,
  editOwnRole: FORBIDDEN,
  createBeyond: FORBIDDEN,
  editHigherRole: FORBIDDEN,
  inviteHigher: FORBIDDEN,
};

/**
 * Every attack by every kind of member, and what each must get. A 0 means the action is within
 * the actor's rights and must still work.
 */
const EXPECTED: Record<Actor, Record<Attack, number>> = {
  owner: {
    selfRole: OWN_ROLE,
    grantHigher: OK,
    demoteOwner: OK,
    editOwnRole: BUILT_IN,
    createBeyond: OK,
    editHigherRole: OK,
    inviteHigher: OK,
  },
  admin: {
    selfRole: OWN_ROLE,
    grantHigher: OWNER_ONLY,
    demoteOwner: OWNER_ONLY,
    editOwnRole: BUILT_IN,
    createBeyond: BEYOND,
    editHigherRole: BEYOND,
    inviteHigher: OWNER_ONLY,
  },
  developer: NO_ACCESS,
  finance: NO_ACCESS,
  operator: NO_ACCESS,
  viewer: NO_ACCESS,
  memberDesk: {
    ...NO_ACCESS,
    selfRole: OWN_ROLE,
    grantHigher: BEYOND,
    demoteOwner: OWNER_ONLY,
    inviteHigher: BEYOND,
  },
  roleDesk: { ...NO_ACCESS, editOwnRole: OWN_ROLE, createBeyond: BEYOND, editHigherRole: BEYOND },
};

function expectOutcome(res: LightMyRequestResponse, code: number) {
  if (code === OK) return expectOk(res);
  return expectError(res, code === BUILT_IN ? 400 : 403, code);
}

/**
 * Members cannot raise their own rights or hand out rights they lack (docs/security.md, "Roles and
 * rights inside an organisation"): each built-in role and two custom roles that manage members or
 * roles try every escalation and get the refusal the rules give, while what lies within their
 * rights keeps working.
 */
describe("security: no privilege escalation inside an organisation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An organisation with its owner, a second owner, a plain viewer, the custom roles, and the actor. */
  async function organisation(actorKind: Actor) {
    const owner = await registerUser(t, { name: "Olga Owner" });
    const tenantId = await createTenant(t, owner, `Escalation ${actorKind}`);
    const asOwner = inTenant(t, owner, tenantId);
    const custom = {} as Record<CustomKey, string>;
    for (const [key, permissions] of Object.entries(CUSTOM))
      custom[key as CustomKey] = expectOk<{ id: string }>(
        await asOwner("POST", ROLE, { name: key, permissions }),
      ).id;
    const roleOf = async (kind: Actor | CustomKey) =>
      kind in CUSTOM ? custom[kind as CustomKey] : roleId(t, tenantId, kind as BuiltInRoleKey);
    const secondOwner = await memberWithRole(t, tenantId, "owner");
    const victim = await memberWithRole(t, tenantId, "viewer");
    let actor = owner;
    if (actorKind !== "owner") {
      actor = await memberWithRole(t, tenantId, "viewer");
      if (actorKind !== "viewer")
        expectOk(await asOwner("POST", MEMBER(actor.id), { roleId: await roleOf(actorKind) }));
    }
    return { owner, tenantId, asOwner, secondOwner, victim, actor, as: inTenant(t, actor, tenantId), roleOf };
  }

  /** The role just above the actor's own: what an escalation reaches for. */
  const HIGHER: Record<Actor, BuiltInRoleKey | CustomKey> = {
    owner: "partnerDesk",
    admin: "owner",
    developer: "admin",
    finance: "admin",
    operator: "admin",
    viewer: "admin",
    memberDesk: "admin",
    roleDesk: "admin",
  };

  describe.each(Object.keys(EXPECTED) as Actor[])("as %s", (kind) => {
    const expected = EXPECTED[kind];

    it("cannot change their own role", async () => {
      const o = await organisation(kind);
      const target = kind === "owner" ? "admin" : "owner";
      expectOutcome(
        await o.as("POST", MEMBER(o.actor.id), { roleId: await o.roleOf(target) }),
        expected.selfRole,
      );
      const me = expectOk<{ role: { id: string } }>(await o.asOwner("GET", MEMBER(o.actor.id)));
      expect(me.role.id).toBe(await o.roleOf(kind));
    });

    it("cannot give another member a role with more rights than their own", async () => {
      const o = await organisation(kind);
      const higher = await o.roleOf(HIGHER[kind]);
      expectOutcome(await o.as("POST", MEMBER(o.victim.id), { roleId: higher }), expected.grantHigher);
      const victim = expectOk<{ role: { id: string } }>(await o.asOwner("GET", MEMBER(o.victim.id)));
      expect(victim.role.id === higher).toBe(expected.grantHigher === OK);
    });

    it("cannot change an owner's role unless an owner", async () => {
      const o = await organisation(kind);
      expectOutcome(
        await o.as("POST", MEMBER(o.secondOwner.id), { roleId: await o.roleOf("viewer") }),
        expected.demoteOwner,
      );
    });

    it("cannot add rights to the role they hold", async () => {
      const o = await organisation(kind);
      const own = await o.roleOf(kind);
      const read = async () =>
        expectOk<{ name: string; permissions: string[] }>(await o.asOwner("GET", `${ROLE}/s/${own}`));
      const before = await read();
      const permissions = [...permissionsOf(kind), "apikey:create", "apikey:read", "dsp_detection:read"];
      expectOutcome(
        await o.as("POST", `${ROLE}/s/${own}`, { name: "Raised", permissions }),
        expected.editOwnRole,
      );
      expect(await read()).toEqual(before);
      // And so makes no key with them.
      if (!hasBuiltIn(kind, "apikey:create"))
        expectError(await o.as("POST", "/api/tenant/apikey", keyBody()), 403, FORBIDDEN);
    });

    it("cannot create a role with rights they do not hold", async () => {
      const o = await organisation(kind);
      const res = await o.as("POST", ROLE, {
        name: "Made beyond",
        permissions: ["notice:read", "apikey:create", "dsp_detection:read"],
      });
      const envelope = expectOutcome(res, expected.createBeyond);
      if (expected.createBeyond === BEYOND) {
        const lacked = (envelope as { data: { permissions: string[] } }).data.permissions;
        expect(lacked).toEqual(
          ["apikey:create", "dsp_detection:read"].filter((p) => !permissionsOf(kind).includes(p)),
        );
      }
    });

    it("cannot edit a role that holds more than they do", async () => {
      const o = await organisation(kind);
      const partner = await o.roleOf("partnerDesk");
      // Even to take rights away or rename: who could not have made it does not reshape it.
      expectOutcome(
        await o.as("POST", `${ROLE}/s/${partner}`, { name: "Trimmed", permissions: ["notice:read"] }),
        expected.editHigherRole,
      );
    });

    it("cannot invite someone with a role above their own", async () => {
      const o = await organisation(kind);
      const email = uniqueEmail("escalate-invite");
      expectOutcome(
        await o.as("POST", "/api/tenant/invite", { email, roleId: await o.roleOf(HIGHER[kind]) }),
        expected.inviteHigher,
      );
    });
  });

  describe("what lies within one's rights still works", () => {
    it("an owner makes another owner, demotes one, and edits any custom role", async () => {
      const o = await organisation("owner");
      expectOk(await o.asOwner("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("owner") }));
      expectOk(await o.asOwner("POST", MEMBER(o.secondOwner.id), { roleId: await o.roleOf("viewer") }));
      expectOk(
        await o.asOwner("POST", `${ROLE}/s/${await o.roleOf("roleDesk")}`, {
          name: "roleDesk",
          permissions: [...CUSTOM.roleDesk, "apikey:create"],
        }),
      );
    });

    it("an admin moves members between roles within its rights, invites and shapes custom roles", async () => {
      const o = await organisation("admin");
      expectOk(await o.as("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("developer") }));
      expectOk(await o.as("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("memberDesk") }));
      expectOk(
        await o.as("POST", "/api/tenant/invite", {
          email: uniqueEmail("admin-invite"),
          roleId: await o.roleOf("admin"),
        }),
      );
      const made = expectOk<{ id: string }>(
        await o.as("POST", ROLE, { name: "Keys", permissions: ["apikey:create", "apikey:read"] }),
      );
      expectOk(await o.as("POST", `${ROLE}/s/${made.id}`, { name: "Keys", permissions: ["apikey:read"] }));
      // But not a member whose role holds more than the admin: that would take rights it cannot give.
      expectOk(await o.asOwner("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("partnerDesk") }));
      const res = expectError<{ permissions: string[] }>(
        await o.as("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("viewer") }),
        403,
        BEYOND,
      );
      expect(res.data.permissions).toEqual(["dsp_detection:read"]);
    });

    it("a member desk manages only members and roles within its rights, and says which it lacks", async () => {
      const o = await organisation("memberDesk");
      // The victim is a Viewer, whose role:read and price rights the desk lacks: hands off.
      const lacks = ["role:read", "special_price:read", "standard_price:read"];
      const above = expectError<{ permissions: string[] }>(
        await o.as("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("reader") }),
        403,
        BEYOND,
      );
      expect(above.data.permissions).toEqual(lacks);
      // Within its rights it may move people, to its own role too, and invite.
      expectOk(await o.asOwner("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("reader") }));
      expectOk(await o.as("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("memberDesk") }));
      expectOk(await o.as("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("reader") }));
      expectOk(
        await o.as("POST", "/api/tenant/invite", {
          email: uniqueEmail("desk-invite"),
          roleId: await o.roleOf("reader"),
        }),
      );
      const refused = expectError<{ permissions: string[] }>(
        await o.as("POST", MEMBER(o.victim.id), { roleId: await o.roleOf("viewer") }),
        403,
        BEYOND,
      );
      expect(refused.data.permissions).toEqual(lacks);
      expect(refused.msg).toMatch(/3/);
    });

    it("a role desk makes and edits roles within its rights, but not the one it holds", async () => {
      const o = await organisation("roleDesk");
      const made = expectOk<{ id: string }>(
        await o.as("POST", ROLE, { name: "Role readers", permissions: ["role:read", "notice:read"] }),
      );
      expectOk(
        await o.as("POST", `${ROLE}/s/${made.id}`, { name: "Role readers", permissions: ["role:read"] }),
      );
      expectOk(
        await o.as("POST", `${ROLE}/s/${await o.roleOf("reader")}`, { name: "Readers", permissions: [] }),
      );
      // Even keeping the same rights, its own role is not its to edit.
      expectError(
        await o.as("POST", `${ROLE}/s/${await o.roleOf("roleDesk")}`, {
          name: "Renamed",
          permissions: [...CUSTOM.roleDesk],
        }),
        403,
        OWN_ROLE,
      );
    });

    it("refusals speak the caller's language", async () => {
      const o = await organisation("memberDesk");
      const res = await o.as(
        "POST",
        MEMBER(o.actor.id),
        { roleId: await o.roleOf("admin") },
        { "x-locale": "es" },
      );
      expect(body(res).msg).toMatch(/propio rol/);
    });
  });

  describe("API keys stop when their creator leaves or loses apikey:create", () => {
    // Scope jobs:read, which Owner, Admin and Developer back with detection:read.
    const balance = (secret: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/v1/jobs",
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: "203.0.113.7",
      });
    const stops = async (secret: string) => {
      const res = await eventually(() => balance(secret), 403);
      expectError(res, 403, 40312);
    };
    const works = async (secret: string) => expectOk(await eventually(() => balance(secret), 200));

    async function keyBy(kind: BuiltInRoleKey) {
      const o = await organisation(kind);
      const made = expectOk<ApiKeyCreatedView>(await o.as("POST", "/api/tenant/apikey", keyBody()));
      await works(made.secret);
      return { ...o, secret: made.secret };
    }

    it.each(["owner", "admin", "developer"] as const)(
      "a key made by %s stops when the creator's role loses apikey:create, and works again when it is back",
      async (kind) => {
        const k = await keyBy(kind);
        const changer = kind === "owner" ? inTenant(t, k.secondOwner, k.tenantId) : k.asOwner;
        expectOk(await changer("POST", MEMBER(k.actor.id), { roleId: await k.roleOf("finance") }));
        await stops(k.secret);
        // Nor can the creator make another.
        expectError(await k.as("POST", "/api/tenant/apikey", keyBody()), 403, FORBIDDEN);
        expectOk(await changer("POST", MEMBER(k.actor.id), { roleId: await k.roleOf(kind) }));
        await works(k.secret);
      },
    );

    it("a key stops when the creator leaves or is removed", async () => {
      const left = await keyBy("developer");
      expectOk(await left.as("POST", `/api/tenant/s/${left.tenantId}/leave`));
      await stops(left.secret);
      const removed = await keyBy("admin");
      expectOk(await removed.asOwner("DELETE", MEMBER(removed.actor.id)));
      await stops(removed.secret);
    });

    it("a key stops when apikey:create is taken out of the creator's custom role", async () => {
      const o = await organisation("roleDesk");
      const makers = expectOk<{ id: string }>(
        await o.asOwner("POST", ROLE, {
          name: "Key makers",
          permissions: ["apikey:create", "apikey:read", "detection:read"],
        }),
      );
      expectOk(await o.asOwner("POST", MEMBER(o.victim.id), { roleId: makers.id }));
      const made = expectOk<ApiKeyCreatedView>(
        await inTenant(t, o.victim, o.tenantId)("POST", "/api/tenant/apikey", keyBody()),
      );
      await works(made.secret);
      expectOk(
        await o.asOwner("POST", `${ROLE}/s/${makers.id}`, {
          name: "Key makers",
          permissions: ["apikey:read", "detection:read"],
        }),
      );
      await stops(made.secret);
      // Rolling it by someone who may make keys gives a new key that speaks for them.
      const rolled = expectOk<ApiKeyCreatedView>(
        await o.asOwner("POST", `/api/tenant/apikey/s/${made.key.id}/roll`, { graceHours: 1 }),
      );
      await works(rolled.secret);
    });

    it("an unknown or wrong key still answers 401, telling nothing of its creator", async () => {
      const k = await keyBy("developer");
      expectOk(await k.asOwner("DELETE", MEMBER(k.actor.id)));
      await stops(k.secret);
      const wrong = `${k.secret.slice(0, -1)}${k.secret.endsWith("A") ? "B" : "A"}`;
      expectError(await balance(wrong), 401, 40101);
    });
  });
});

function keyBody() {
  return { name: "Escalated", scopes: ["jobs:read"], mode: "live" };
}

function permissionsOf(kind: Actor): string[] {
  if (kind === "memberDesk" || kind === "roleDesk") return [...CUSTOM[kind]];
  return [...BUILT_IN_ROLES[kind].permissions];
}

function hasBuiltIn(kind: Actor, permission: string): boolean {
  return kind === "owner" || permissionsOf(kind).includes(permission);
}
