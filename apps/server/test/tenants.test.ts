import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  registerUser,
} from "./helpers/accounts";
import { createTenant, expectCode, inTenant, joinTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

describe("organisations", () => {
  let t: TestApp;
  let owner: Account;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerUser(t, { name: "Olga Owner" });
  });
  afterAll(() => t.close());

  describe("POST /api/tenant and GET /api/tenant", () => {
    it("creates an organisation with the creator as Owner and lists it", async () => {
      const res = await call(
        t,
        "POST",
        "/api/tenant",
        { name: "Blue Sky Ltd", timezoneCode: "Asia/Shanghai" },
        { sid: owner.sid },
      );
      const { id } = expectOk<{ id: string }>(res);
      const list = expectOk<
        { tenantId: string; name: string; timezoneCode: string; super: boolean; role: { key: string } }[]
      >(await call(t, "GET", "/api/tenant", undefined, { sid: owner.sid }));
      expect(list.find((x) => x.tenantId === id)).toMatchObject({
        name: "Blue Sky Ltd",
        timezoneCode: "Asia/Shanghai",
        super: true,
        role: { key: "owner" },
      });
      expect(
        expectOk<{ count: number }>(
          await call(t, "GET", "/api/tenant/uc/tenant_count", undefined, { sid: owner.sid }),
        ).count,
      ).toBe(list.length);
    });

    it("creates the six built-in roles with every organisation", async () => {
      const id = await createTenant(t, owner, "Roles Inc");
      const roles = expectOk<{ key: string | null }[]>(
        await inTenant(t, owner, id)("GET", "/api/tenant/role"),
      );
      expect(roles.map((r) => r.key).sort()).toEqual([
        "admin",
        "developer",
        "finance",
        "operator",
        "owner",
        "viewer",
      ]);
    });

    it("refuses the eleventh organisation with a clear error", async () => {
      const user = await registerUser(t);
      for (let i = 1; i <= 10; i++) await createTenant(t, user, `Org ${i}`);
      const res = await call(t, "POST", "/api/tenant", { name: "Org 11" }, { sid: user.sid });
      const body = expectError<{ max: number }>(res, 400, 40020);
      expect(body.data).toEqual({ max: 10 });
      expect(body.msg).toContain("10");
      expect(
        expectOk<unknown[]>(await call(t, "GET", "/api/tenant", undefined, { sid: user.sid })),
      ).toHaveLength(10);
    });

    it.each([
      [{}, "name", "required"],
      [{ name: "" }, "name", "required"],
      [{ name: "x".repeat(65) }, "name", "too_long"],
      [{ name: "Ok", timezoneCode: "Mars/Olympus" }, "timezoneCode", "invalid_timezone"],
    ])("%j -> %s %s", async (payload, field, reason) => {
      expectFieldError(await call(t, "POST", "/api/tenant", payload, { sid: owner.sid }), field, reason);
    });

    it("needs a signed-in user", async () => {
      expectError(await call(t, "GET", "/api/tenant"), 401, 40099);
      expectError(await call(t, "POST", "/api/tenant", { name: "Nope" }), 401, 40099);
    });
  });

  describe("GET /api/tenant/tenant_user/profile", () => {
    it("gives the caller's permissions, super flag and the tenant's time zone", async () => {
      const id = expectOk<{ id: string }>(
        await call(
          t,
          "POST",
          "/api/tenant",
          { name: "Profile Co", timezoneCode: "Europe/Madrid" },
          { sid: owner.sid },
        ),
      ).id;
      const dev = await memberWithRole(t, id, "developer");
      const mine = expectOk<{ super: boolean; tenant: { timezoneCode: string } }>(
        await inTenant(t, owner, id)("GET", "/api/tenant/tenant_user/profile"),
      );
      expect(mine).toMatchObject({
        super: true,
        tenant: { id, name: "Profile Co", timezoneCode: "Europe/Madrid" },
      });
      const theirs = expectOk<{ super: boolean; permissions: string[]; role: { key: string } }>(
        await inTenant(t, dev, id)("GET", "/api/tenant/tenant_user/profile"),
      );
      expect(theirs.super).toBe(false);
      expect(theirs.role.key).toBe("developer");
      expect(theirs.permissions).toContain("apikey:create");
      expect(theirs.permissions).not.toContain("account:read");
    });

    it("answers 40035 without a tenant, 40036 for one the user is not in (HTTP 200 both)", async () => {
      const stranger = await registerUser(t);
      const id = await createTenant(t, owner, "Private Co");
      expectCode(
        await call(t, "GET", "/api/tenant/tenant_user/profile", undefined, { sid: stranger.sid }),
        200,
        40035,
      );
      expectCode(await inTenant(t, stranger, id)("GET", "/api/tenant/tenant_user/profile"), 200, 40036);
      expectCode(
        await inTenant(t, stranger, "not-a-uuid")("GET", "/api/tenant/tenant_user/profile"),
        200,
        40036,
      );
    });

    it("answers 40037 for a suspended and 40038 for a removed organisation", async () => {
      const { tenants } = await import("../src/db/schema/index");
      const { eq } = await import("drizzle-orm");
      const id = await createTenant(t, owner, "Status Co");
      await t.database.db.update(tenants).set({ status: "suspended" }).where(eq(tenants.id, id));
      expectCode(await inTenant(t, owner, id)("GET", "/api/tenant/tenant_user/profile"), 200, 40037);
      await t.database.db.update(tenants).set({ status: "removed" }).where(eq(tenants.id, id));
      expectCode(await inTenant(t, owner, id)("GET", "/api/tenant/tenant_user/profile"), 200, 40038);
    });
  });

  describe("POST /api/tenant/s/:id (rename)", () => {
    it("renames and changes the time zone for a member with tenant:update", async () => {
      const id = await createTenant(t, owner, "Old Name");
      const res = await call(
        t,
        "POST",
        `/api/tenant/s/${id}`,
        { name: "New Name", timezoneCode: "America/Sao_Paulo" },
        { sid: owner.sid },
      );
      expect(expectOk(res)).toEqual({
        id,
        name: "New Name",
        timezoneCode: "America/Sao_Paulo",
        keepFileColumns: true,
      });
      const list = expectOk<{ tenantId: string; name: string }[]>(
        await call(t, "GET", "/api/tenant", undefined, { sid: owner.sid }),
      );
      expect(list.find((x) => x.tenantId === id)?.name).toBe("New Name");
    });

    it("refuses a member without tenant:update with 403", async () => {
      const id = await createTenant(t, owner, "Guarded");
      const viewer = await memberWithRole(t, id, "viewer");
      expectError(
        await call(t, "POST", `/api/tenant/s/${id}`, { name: "Hacked" }, { sid: viewer.sid }),
        403,
        40300,
      );
    });
  });

  describe("POST /api/tenant/s/:id/leave", () => {
    it("lets a member leave, after which the organisation is gone from their list", async () => {
      const id = await createTenant(t, owner, "Leavable");
      const member = await memberWithRole(t, id, "operator");
      expect(
        expectOk(await call(t, "POST", `/api/tenant/s/${id}/leave`, undefined, { sid: member.sid })),
      ).toEqual({ left: true });
      expect(
        expectOk<unknown[]>(await call(t, "GET", "/api/tenant", undefined, { sid: member.sid })),
      ).toEqual([]);
      expectCode(await inTenant(t, member, id)("GET", "/api/tenant/tenant_user/profile"), 200, 40036);
    });

    it("refuses the last owner, and allows leaving once another owner exists", async () => {
      const id = await createTenant(t, owner, "One Owner");
      expectError(
        await call(t, "POST", `/api/tenant/s/${id}/leave`, undefined, { sid: owner.sid }),
        400,
        40021,
      );
      const second = await registerUser(t);
      await joinTenant(t, id, second, "owner");
      expectOk(await call(t, "POST", `/api/tenant/s/${id}/leave`, undefined, { sid: owner.sid }));
      expectError(
        await call(t, "POST", `/api/tenant/s/${id}/leave`, undefined, { sid: second.sid }),
        400,
        40021,
      );
    });
  });
});
