import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userCommands } from "../src/cli/commands/user";
import { call, expectOk, registerUser } from "./helpers/accounts";
import { runCommand } from "./helpers/cli";
import { createTenant, expectCode, inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** `user make-super`: the partner's staff act as Owner in its organisations, nowhere else. */
describe("platform super-user", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = async (action: "make-super" | "revoke-super", email: string) =>
    (await runCommand(t, userCommands, action, { email })).code;

  it("opens another organisation of the same partner as Owner once granted, and not after revoking", async () => {
    const customer = await registerUser(t);
    const tenantId = await createTenant(t, customer, "Customer Org");
    const staff = await registerUser(t, { name: "Support Staff" });
    const asStaff = inTenant(t, staff, tenantId);
    expectCode(await asStaff("GET", "/api/tenant/tenant_user/profile"), 200, 40036);

    expect(await run("make-super", staff.email)).toBe(0);
    const profile = expectOk<{ super: boolean; role: { name: string } }>(
      await asStaff("GET", "/api/tenant/tenant_user/profile"),
    );
    expect(profile).toMatchObject({ super: true, role: { name: "Platform super-user" } });
    expectOk(await asStaff("GET", "/api/tenant/role"));

    expect(await run("revoke-super", staff.email)).toBe(0);
    expectCode(await asStaff("GET", "/api/tenant/tenant_user/profile"), 200, 40036);
  });

  it("does not reach another partner's organisations", async () => {
    await t.app.services.partners.create({ name: "Other Brand", domain: "other.test" });
    const elsewhere = await registerUser(t, { host: "other.test" });
    const tenantId = expectOk<{ id: string }>(
      await call(
        t,
        "POST",
        "/api/tenant",
        { name: "Elsewhere Org" },
        { sid: elsewhere.sid, host: "other.test" },
      ),
    ).id;
    const staff = await registerUser(t);
    expect(await run("make-super", staff.email)).toBe(0);
    expectCode(await inTenant(t, staff, tenantId)("GET", "/api/tenant/tenant_user/profile"), 200, 40036);
  });

  it("names an unknown e-mail", async () => {
    expect(await run("make-super", "nobody@example.com")).toBe(1);
  });
});
