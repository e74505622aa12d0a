import { PARTNER_ONLY_PERMISSIONS } from "@nc/contracts/permission-catalog";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, expectOk, registerUser } from "./helpers/accounts";
import { createTenant, inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

interface Catalog {
  groups: Record<string, string[]>;
  permissions: string[];
}

/**
 * The role editor's catalogue offers partner-only rights (dsp_*) only in the partner's staff
 * organisation, the one place they count (docs/security.md, roles and rights).
 */
describe("permission catalogue per organisation", () => {
  let t: TestApp;
  let owner: Account;
  // Migrating a fresh database can outlast the default hook time on a busy machine.
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerUser(t);
  }, 180_000);
  afterAll(() => t.close());

  const catalogOf = async (tenantId: string) =>
    expectOk<Catalog>(await inTenant(t, owner, tenantId)("GET", "/api/tenant/permission/catalog"));

  it("a customer organisation is not offered the partner's staff rights", async () => {
    const catalog = await catalogOf(await createTenant(t, owner, "Customer Co"));
    expect(catalog.permissions).toContain("detection:create");
    for (const permission of PARTNER_ONLY_PERMISSIONS) expect(catalog.permissions).not.toContain(permission);
    expect(Object.keys(catalog.groups)).not.toContain("dsp_detection");
    expect(Object.values(catalog.groups).flat().length).toBe(catalog.permissions.length);
  });

  it("the partner's staff organisation is offered them", async () => {
    const staff = await createTenant(t, owner, "Partner Staff");
    await t.database.db.execute(
      sql`update partners set staff_tenant_id = ${staff} where id = (select partner_id from tenants where id = ${staff})`,
    );
    const catalog = await catalogOf(staff);
    for (const permission of PARTNER_ONLY_PERMISSIONS) expect(catalog.permissions).toContain(permission);
    expect(catalog.groups.dsp_detection).toEqual(["read"]);
  });
});
