import { and, eq, isNull, or } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notices, users } from "../src/db/schema/index";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  registerUser,
} from "./helpers/accounts";
import {
  createTenant,
  expectCode,
  inTenant,
  joinTenant,
  memberWithRole,
  ownerWithTenant,
  roleId,
} from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

interface MemberDto {
  userId: string;
  name: string;
  email: string;
  role: { id: string; name: string; key: string | null; super: boolean };
  joinedAt: string;
}

const MEMBERS = "/api/tenant/tenant_user";
const member = (userId: string) => `${MEMBERS}/s/${userId}`;

describe("members", () => {
  let t: TestApp;
  let owner: Account;
  beforeAll(async () => {
    t = await createTestApp();
  });
  // A new owner per test: one person may belong to at most 10 organisations.
  beforeEach(async () => {
    owner = await registerUser(t, { name: "Olga Owner" });
  });
  afterAll(() => t.close());

  async function noticesFor(tenantId: string, userId: string) {
    return t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.tenantId, tenantId), or(isNull(notices.userId), eq(notices.userId, userId))));
  }

  describe("GET /api/tenant/tenant_user", () => {
    it("lists name, e-mail, role and joined date of every member, oldest first", async () => {
      const id = await createTenant(t, owner, "List Co");
      const dev = await memberWithRole(t, id, "developer");
      const list = expectOk<MemberDto[]>(await inTenant(t, owner, id)("GET", MEMBERS));
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({
        userId: owner.id,
        name: "Olga Owner",
        email: owner.email,
        role: { key: "owner", name: "Owner", super: true },
      });
      expect(list[1]).toMatchObject({
        userId: dev.id,
        email: dev.email,
        role: { id: await roleId(t, id, "developer"), key: "developer", super: false },
      });
      expect(new Date(list[1]!.joinedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it("is open to a role with tenant_user:read and closed to one without", async () => {
      const id = await createTenant(t, owner, "Read Co");
      const viewer = await memberWithRole(t, id, "viewer");
      const dev = await memberWithRole(t, id, "developer");
      expect(expectOk<MemberDto[]>(await inTenant(t, viewer, id)("GET", MEMBERS))).toHaveLength(3);
      expectError(await inTenant(t, dev, id)("GET", MEMBERS), 403, 40300);
      expectError(await inTenant(t, dev, id)("GET", member(owner.id)), 403, 40300);
    });

    it("needs a session and a membership", async () => {
      const id = await createTenant(t, owner, "Closed Co");
      expectError(await call(t, "GET", MEMBERS, undefined, { headers: { "x-tenant-id": id } }), 401, 40099);
      const stranger = await registerUser(t);
      expectCode(await inTenant(t, stranger, id)("GET", MEMBERS), 200, 40036);
    });
  });

  describe("GET /api/tenant/tenant_user/roles", () => {
    it("offers the organisation's roles to whoever may invite or change members", async () => {
      const id = await createTenant(t, owner, "Picker Co");
      const asOwner = inTenant(t, owner, id);
      const custom = expectOk<{ id: string }>(
        await asOwner("POST", "/api/tenant/role", {
          name: "Member desk",
          permissions: ["tenant_user:create"],
        }),
      );
      const roles = expectOk<{ id: string; key: string | null; super: boolean }[]>(
        await asOwner("GET", `${MEMBERS}/roles`),
      );
      expect(roles.map((r) => r.key)).toEqual([
        "owner",
        "admin",
        "developer",
        "finance",
        "operator",
        "viewer",
        null,
      ]);
      expect(roles.find((r) => r.key === "owner")?.super).toBe(true);
      // A custom role with tenant_user:create but no role:read still gets the list.
      const desk = await registerUser(t);
      await joinTenant(t, id, desk, "viewer");
      expectOk(await asOwner("POST", member(desk.id), { roleId: custom.id }));
      expect(expectOk<unknown[]>(await inTenant(t, desk, id)("GET", `${MEMBERS}/roles`))).toHaveLength(7);
      expectError(await inTenant(t, desk, id)("GET", "/api/tenant/role"), 403, 40300);
      const viewer = await memberWithRole(t, id, "viewer");
      expectError(await inTenant(t, viewer, id)("GET", `${MEMBERS}/roles`), 403, 40300);
    });
  });

  describe("GET /api/tenant/tenant_user/s/:userId", () => {
    it("reads one member", async () => {
      const id = await createTenant(t, owner, "One Co");
      const op = await memberWithRole(t, id, "operator");
      expect(expectOk<MemberDto>(await inTenant(t, owner, id)("GET", member(op.id)))).toMatchObject({
        userId: op.id,
        email: op.email,
        role: { key: "operator" },
      });
    });

    it("answers 404 for a user of another organisation and 400 for a malformed id", async () => {
      const id = await createTenant(t, owner, "Mine Co");
      const other = await createTenant(t, owner, "Other Co");
      const outsider = await memberWithRole(t, other, "viewer");
      const res = await inTenant(t, owner, id)("GET", member(outsider.id));
      expect(body404(res)).toBe(true);
      expectFieldError(await inTenant(t, owner, id)("GET", member("nope")), "userId", "invalid_format");
    });
  });

  describe("POST /api/tenant/tenant_user/s/:userId (change role)", () => {
    it("gives another role, tells the member by a notice, and counts on their very next request", async () => {
      const id = await createTenant(t, owner, "Promote Co");
      const viewer = await memberWithRole(t, id, "viewer");
      const asViewer = inTenant(t, viewer, id);
      expectError(
        await asViewer("GET", "/api/tenant/role/s/00000000-0000-0000-0000-000000000000"),
        404,
        40400,
      );
      expectError(await asViewer("POST", "/api/tenant/role", { name: "X", permissions: [] }), 403, 40300);

      const adminRole = await roleId(t, id, "admin");
      const changed = expectOk<MemberDto>(
        await inTenant(t, owner, id)("POST", member(viewer.id), { roleId: adminRole }),
      );
      expect(changed.role).toMatchObject({ id: adminRole, key: "admin", super: false });
      // The very next request already has the new role's permissions.
      expectOk(await asViewer("POST", "/api/tenant/role", { name: "Made by new admin", permissions: [] }));
      expect(
        expectOk<{ role: { key: string } }>(await asViewer("GET", "/api/tenant/tenant_user/profile")).role
          .key,
      ).toBe("admin");

      // And back down: the permission is gone at once.
      expectOk(
        await inTenant(t, owner, id)("POST", member(viewer.id), { roleId: await roleId(t, id, "developer") }),
      );
      expectError(await asViewer("POST", "/api/tenant/role", { name: "Again", permissions: [] }), 403, 40300);

      const mine = await noticesFor(id, viewer.id);
      expect(mine.filter((n) => n.type === "role_changed" && n.userId === viewer.id)).toHaveLength(2);
      expect(mine.find((n) => n.type === "role_changed")?.params).toMatchObject({
        role: "Admin",
        roleKey: "admin",
      });
    });

    it("accepts a custom role of the organisation", async () => {
      const id = await createTenant(t, owner, "Custom Co");
      const op = await memberWithRole(t, id, "operator");
      const role = expectOk<{ id: string }>(
        await inTenant(t, owner, id)("POST", "/api/tenant/role", {
          name: "Auditor",
          permissions: ["role:read"],
        }),
      );
      const res = expectOk<MemberDto>(
        await inTenant(t, owner, id)("POST", member(op.id), { roleId: role.id }),
      );
      expect(res.role).toMatchObject({ id: role.id, name: "Auditor", key: null });
      expectOk(await inTenant(t, op, id)("GET", "/api/tenant/role"));
    });

    it("refuses a role of another organisation and a malformed role id", async () => {
      const id = await createTenant(t, owner, "Strict Co");
      const other = await createTenant(t, owner, "Foreign Co");
      const op = await memberWithRole(t, id, "operator");
      const asOwner = inTenant(t, owner, id);
      expectFieldError(
        await asOwner("POST", member(op.id), { roleId: await roleId(t, other, "admin") }),
        "roleId",
        "unknown_role",
      );
      expectFieldError(await asOwner("POST", member(op.id), { roleId: "admin" }), "roleId", "invalid_format");
      expectFieldError(await asOwner("POST", member(op.id), {}), "roleId", "required");
      expect(expectOk<MemberDto>(await asOwner("GET", member(op.id))).role.key).toBe("operator");
    });

    it("answers 404 for someone who is not a member, with no change", async () => {
      const id = await createTenant(t, owner, "Nobody Co");
      const stranger = await registerUser(t);
      expectError(
        await inTenant(t, owner, id)("POST", member(stranger.id), { roleId: await roleId(t, id, "admin") }),
        404,
        40400,
      );
      expectCode(await inTenant(t, stranger, id)("GET", MEMBERS), 200, 40036);
    });

    it("needs tenant_user:update", async () => {
      const id = await createTenant(t, owner, "Upd Co");
      const viewer = await memberWithRole(t, id, "viewer");
      const op = await memberWithRole(t, id, "operator");
      expectError(
        await inTenant(t, viewer, id)("POST", member(op.id), { roleId: await roleId(t, id, "admin") }),
        403,
        40300,
      );
      expectError(
        await inTenant(t, viewer, id)("POST", member(viewer.id), { roleId: await roleId(t, id, "admin") }),
        403,
        40300,
      );
    });

    it("only an owner may grant or take away the Owner role", async () => {
      const id = await createTenant(t, owner, "Owner Guard Co");
      const admin = await memberWithRole(t, id, "admin");
      const op = await memberWithRole(t, id, "operator");
      const ownerRole = await roleId(t, id, "owner");
      const asAdmin = inTenant(t, admin, id);
      // Not to someone else; nor to themselves, since nobody changes their own role.
      expectError(await asAdmin("POST", member(op.id), { roleId: ownerRole }), 403, 40024);
      expectError(await asAdmin("POST", member(admin.id), { roleId: ownerRole }), 403, 40311);
      // Nor take it from an owner.
      expectError(
        await asAdmin("POST", member(owner.id), { roleId: await roleId(t, id, "viewer") }),
        403,
        40024,
      );
      // An admin may still move non-owners between other roles.
      expectOk(await asAdmin("POST", member(op.id), { roleId: await roleId(t, id, "finance") }));
      // The owner may make another owner.
      const res = expectOk<MemberDto>(
        await inTenant(t, owner, id)("POST", member(op.id), { roleId: ownerRole }),
      );
      expect(res.role.super).toBe(true);
    });

    it("keeps the last owner an owner; owners step down only by another owner's hand", async () => {
      const id = await createTenant(t, owner, "Last Owner Co");
      const asOwner = inTenant(t, owner, id);
      // Nobody changes their own role, an owner included.
      expectError(
        await asOwner("POST", member(owner.id), { roleId: await roleId(t, id, "admin") }),
        403,
        40311,
      );
      // A platform super-user acts as an owner without being a member: the last owner stays one.
      const staff = await registerUser(t);
      await t.database.db.update(users).set({ platformAdmin: true }).where(eq(users.id, staff.id));
      expectError(
        await inTenant(t, staff, id)("POST", member(owner.id), { roleId: await roleId(t, id, "admin") }),
        400,
        40021,
      );
      const second = await memberWithRole(t, id, "viewer");
      expectOk(await asOwner("POST", member(second.id), { roleId: await roleId(t, id, "owner") }));
      // With a second owner, that one may make the first an admin.
      expectOk(
        await inTenant(t, second, id)("POST", member(owner.id), { roleId: await roleId(t, id, "admin") }),
      );
      expect(expectOk<MemberDto>(await inTenant(t, second, id)("GET", member(owner.id))).role.key).toBe(
        "admin",
      );
    });

    it("setting the same role again changes nothing and sends no notice", async () => {
      const id = await createTenant(t, owner, "Same Co");
      const op = await memberWithRole(t, id, "operator");
      expectOk(
        await inTenant(t, owner, id)("POST", member(op.id), { roleId: await roleId(t, id, "operator") }),
      );
      expect((await noticesFor(id, op.id)).filter((n) => n.type === "role_changed")).toHaveLength(0);
    });
  });

  describe("DELETE /api/tenant/tenant_user/s/:userId", () => {
    it("removes a member, which counts on their very next request, and tells the others", async () => {
      const id = await createTenant(t, owner, "Remove Co");
      const op = await memberWithRole(t, id, "operator");
      const viewer = await memberWithRole(t, id, "viewer");
      expectOk(await inTenant(t, op, id)("GET", "/api/tenant/tenant_user/profile"));
      expect(expectOk(await inTenant(t, owner, id)("DELETE", member(op.id)))).toEqual({ removed: true });
      expectCode(await inTenant(t, op, id)("GET", "/api/tenant/tenant_user/profile"), 200, 40036);
      expect(
        expectOk<{ tenantId: string }[]>(await call(t, "GET", "/api/tenant", undefined, { sid: op.sid })),
      ).toEqual([]);
      const list = expectOk<MemberDto[]>(await inTenant(t, owner, id)("GET", MEMBERS));
      expect(list.map((m) => m.userId)).toEqual([owner.id, viewer.id]);
      const removed = (await noticesFor(id, viewer.id)).filter((n) => n.type === "member_removed");
      expect(removed).toHaveLength(1);
      expect(removed[0]).toMatchObject({ userId: null, params: { name: op.name, email: op.email } });
      expectError(await inTenant(t, owner, id)("DELETE", member(op.id)), 404, 40400);
    });

    it("needs tenant_user:delete", async () => {
      const id = await createTenant(t, owner, "Del Guard Co");
      const viewer = await memberWithRole(t, id, "viewer");
      const op = await memberWithRole(t, id, "operator");
      expectError(await inTenant(t, viewer, id)("DELETE", member(op.id)), 403, 40300);
      expect(expectOk<MemberDto[]>(await inTenant(t, owner, id)("GET", MEMBERS))).toHaveLength(3);
    });

    it("only an owner removes an owner, and never the last one", async () => {
      const id = await createTenant(t, owner, "Owner Remove Co");
      const admin = await memberWithRole(t, id, "admin");
      expectError(await inTenant(t, admin, id)("DELETE", member(owner.id)), 403, 40024);
      expectError(await inTenant(t, owner, id)("DELETE", member(owner.id)), 400, 40021);
      const second = await registerUser(t);
      await joinTenant(t, id, second, "owner");
      expectError(await inTenant(t, admin, id)("DELETE", member(second.id)), 403, 40024);
      expectOk(await inTenant(t, owner, id)("DELETE", member(second.id)));
      expectCode(await inTenant(t, second, id)("GET", MEMBERS), 200, 40036);
      // An admin may remove a non-owner, including another admin.
      const admin2 = await memberWithRole(t, id, "admin");
      expectOk(await inTenant(t, admin, id)("DELETE", member(admin2.id)));
    });

    it("does not touch a member of another organisation", async () => {
      const id = await createTenant(t, owner, "Here Co");
      const other = await createTenant(t, owner, "There Co");
      const theirs = await memberWithRole(t, other, "viewer");
      const elsewhere = await ownerWithTenant(t, "Attacker Co");
      expectError(await elsewhere.api("DELETE", member(theirs.id)), 404, 40400);
      expectError(await inTenant(t, owner, id)("DELETE", member(theirs.id)), 404, 40400);
      expectOk(await inTenant(t, theirs, other)("GET", "/api/tenant/tenant_user/profile"));
    });
  });
});

function body404(res: { statusCode: number; json(): unknown }) {
  return res.statusCode === 404 && (res.json() as { code: number }).code === 40400;
}
