import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, expectError, expectFieldError, expectOk, registerUser } from "./helpers/accounts";
import { createTenant, inTenant, joinTenant, roleId } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

describe("roles", () => {
  let t: TestApp;
  let owner: Account;
  let tenantId: string;
  let as: ReturnType<typeof inTenant>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerUser(t);
    tenantId = await createTenant(t, owner, "Role Shop");
    as = inTenant(t, owner, tenantId);
  });
  afterAll(() => t.close());

  it("creates, reads, edits and deletes a custom role", async () => {
    const created = expectOk<{ id: string; builtIn: boolean; permissions: string[] }>(
      await as("POST", "/api/tenant/role", {
        name: "Auditor",
        permissions: ["account:read", "account_stmt:read", "account:read"],
      }),
    );
    expect(created).toMatchObject({ builtIn: false, permissions: ["account:read", "account_stmt:read"] });
    expect(expectOk(await as("GET", `/api/tenant/role/s/${created.id}`))).toMatchObject({
      name: "Auditor",
      memberCount: 0,
    });
    const edited = expectOk<{ name: string; permissions: string[] }>(
      await as("POST", `/api/tenant/role/s/${created.id}`, {
        name: "Auditor II",
        permissions: ["notice:read"],
      }),
    );
    expect(edited).toMatchObject({ name: "Auditor II", permissions: ["notice:read"] });
    expectOk(await as("DELETE", `/api/tenant/role/s/${created.id}`));
    expectError(await as("GET", `/api/tenant/role/s/${created.id}`), 404, 40400);
  });

  it("refuses unknown permissions and a name already used, field by field", async () => {
    expectFieldError(
      await as("POST", "/api/tenant/role", { name: "Bad", permissions: ["notice:read", "rocket:launch"] }),
      "permissions.1",
      "unknown_permission",
    );
    expectFieldError(
      await as("POST", "/api/tenant/role", { name: "Owner", permissions: [] }),
      "name",
      "name_taken",
    );
    expectFieldError(await as("POST", "/api/tenant/role", { permissions: [] }), "name", "required");
    expectFieldError(await as("POST", "/api/tenant/role", { name: "x" }), "permissions", "required");
  });

  it("keeps built-in roles fixed", async () => {
    const admin = await roleId(t, tenantId, "admin");
    expectError(
      await as("POST", `/api/tenant/role/s/${admin}`, { name: "Boss", permissions: [] }),
      400,
      40022,
    );
    expectError(await as("DELETE", `/api/tenant/role/s/${admin}`), 400, 40022);
  });

  it("refuses to delete a role while it is assigned, saying to how many", async () => {
    const { id } = expectOk<{ id: string }>(
      await as("POST", "/api/tenant/role", { name: "Busy", permissions: ["notice:read"] }),
    );
    const member = await registerUser(t);
    const { tenantMembers } = await import("../src/db/schema/index");
    await t.database.db.insert(tenantMembers).values({ tenantId, userId: member.id, roleId: id });
    const body = expectError<{ count: number }>(await as("DELETE", `/api/tenant/role/s/${id}`), 400, 40023);
    expect(body.data).toEqual({ count: 1 });
  });

  it("applies an edited role's permissions on the member's very next request", async () => {
    const { id } = expectOk<{ id: string }>(
      await as("POST", "/api/tenant/role", { name: "Switchable", permissions: ["role:read"] }),
    );
    const member = await registerUser(t);
    const { tenantMembers } = await import("../src/db/schema/index");
    await t.database.db.insert(tenantMembers).values({ tenantId, userId: member.id, roleId: id });
    const asMember = inTenant(t, member, tenantId);
    expectOk(await asMember("GET", "/api/tenant/role"));
    expectOk(
      await as("POST", `/api/tenant/role/s/${id}`, { name: "Switchable", permissions: ["notice:read"] }),
    );
    expectError(await asMember("GET", "/api/tenant/role"), 403, 40300);
  });

  it("lists the catalogue for role:read and refuses a member without it", async () => {
    const catalog = expectOk<{ permissions: string[] }>(await as("GET", "/api/tenant/permission/catalog"));
    expect(catalog.permissions).toContain("detection:create");
    const finance = await registerUser(t);
    await joinTenant(t, tenantId, finance, "finance");
    expectError(await inTenant(t, finance, tenantId)("GET", "/api/tenant/permission/catalog"), 403, 40300);
  });
});
