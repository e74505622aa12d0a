import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UsageError } from "../src/cli/command";
import { partnerCommands } from "../src/cli/commands/partner";
import { partners, tenants } from "../src/db/schema/index";
import { call, expectOk, registerUser } from "./helpers/accounts";
import { runCommand } from "./helpers/cli";
import { createTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The operator's partner commands, run as the CLI runs them, on the test database. */
describe("partner commands", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = (action: string, values: Record<string, string>) =>
    runCommand(t, partnerCommands, action, values);

  const siteOn = async (host: string) =>
    expectOk<{ name: string; email: string; domain: string }>(
      await call(t, "GET", "/api/tenant/partner/info", undefined, { host }),
    );

  it("creates a partner whose brand shows on its domain, then edits and moves it", async () => {
    const created = await run("create", {
      name: "Acme Checks",
      domain: "Checks.Acme.test",
      email: "help@acme.test",
    });
    expect(created.code).toBe(0);
    const id = /\(([^)]+)\)/.exec(created.out)![1]!;
    expect(await siteOn("checks.acme.test")).toMatchObject({ name: "Acme Checks", email: "help@acme.test" });

    expect((await run("update", { id, name: "Acme Numbers", domain: "numbers.acme.test" })).code).toBe(0);
    // Each server process re-reads partners every 10 seconds; step past that.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 11_000);
    expect(await siteOn("numbers.acme.test")).toMatchObject({
      name: "Acme Numbers",
      domain: "numbers.acme.test",
    });
    // The old host no longer belongs to it: the default brand answers there.
    expect((await siteOn("checks.acme.test")).name).toBe("NumberCheck");
    vi.useRealTimers();
  });

  it("refuses an update with nothing to change, and names an unknown partner", async () => {
    await expect(run("update", { id: "00000000-0000-0000-0000-000000000000" })).rejects.toBeInstanceOf(
      UsageError,
    );
    const missing = await run("update", { id: "00000000-0000-0000-0000-000000000000", name: "Ghost" });
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.out).toContain("No partner");
  });

  it("names the partner's staff organisation, only among its own customers", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Partner Staff");
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
    const partnerId = row!.partnerId;
    const other = await run("create", { name: "Other Partner", domain: "other.test" });
    const otherId = /\(([0-9a-f-]{36})\)/.exec(other.out)![1]!;
    const refused = await run("update", { id: otherId, "staff-tenant": tenantId });
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.out).toContain("is not a customer of partner");
    expect(await run("update", { id: partnerId, "staff-tenant": tenantId })).toMatchObject({ code: 0 });
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, partnerId));
    expect(partner!.staffTenantId).toBe(tenantId);
    expect(await run("update", { id: partnerId, "staff-tenant": "" })).toMatchObject({ code: 0 });
    const [cleared] = await t.database.db.select().from(partners).where(eq(partners.id, partnerId));
    expect(cleared!.staffTenantId).toBeNull();
  });
});
