import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { TenantSummary, TenantUserProfile } from "@nc/contracts/tenancy";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  turnOnTwoFactor as turnOnTwoFactorOf,
} from "../helpers/accounts";
import { eventually, keyCaller } from "../helpers/api-client";
import { inTenant, memberWithRole, ownerWithTenant } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * An organisation's two-factor rule (docs/security.md, "Two-factor sign-in for every member"):
 * only an Owner sets it, with a fresh proof, and it is audited; a member without two-factor
 * sign-in is refused (40082) everywhere in the organisation but on leaving, and admitted once they
 * set it up; their API keys answer 40315 unless the Owner lets them keep working.
 */
describe("security: an organisation requires two-factor sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const turnOnTwoFactor = (account: Account) => turnOnTwoFactorOf(t, account);

  const rule = (requireTwoFactor: boolean, keysWithoutTwoFactor = false) => ({
    requireTwoFactor,
    keysWithoutTwoFactor,
  });
  const setRule = (who: Account, tenantId: string, body: object) =>
    inTenant(t, who, tenantId)("POST", `/api/tenant/s/${tenantId}/security`, body);

  /** An organisation whose Owner has two-factor sign-in, a Developer without it, and their key. */
  async function organisation(name: string) {
    const { owner, tenantId } = await ownerWithTenant(t, name);
    await turnOnTwoFactor(owner);
    const developer = await memberWithRole(t, tenantId, "developer");
    const key = expectOk<ApiKeyCreatedView>(
      await inTenant(t, developer, tenantId)("POST", "/api/tenant/apikey", {
        name: `${name} key`,
        scopes: ["check"],
        mode: "test",
      }),
    );
    // On PostgreSQL a change reaches the key cache with the database's notification, a moment later.
    const check = () =>
      keyCaller(t, key.secret)("POST", "/api/v1/check", { number: "+447400123456", service: "basic" });
    return { owner, tenantId, developer, check };
  }

  it("an Owner turns it on (audited); the member without it is refused until they set it up", async () => {
    const { owner, tenantId, developer } = await organisation("Strict Org");
    const asDeveloper = inTenant(t, developer, tenantId);
    expectOk(await asDeveloper("GET", "/api/tenant/tenant_user/profile"));

    expect(expectOk(await setRule(owner, tenantId, rule(true)))).toEqual(rule(true));
    const [event] = await queryRows<{ details: unknown }>(
      t.database.db,
      sql`select details from audit_events where tenant_id = ${tenantId} and action = 'organisation.security_updated'`,
    );
    expect(event?.details).toEqual({ before: rule(false), after: rule(true) });

    // Refused everywhere in the organisation, with the organisation named; the list says why.
    const refused = expectError<{ tenantId: string }>(
      await asDeveloper("GET", "/api/tenant/tenant_user/profile"),
      200,
      40082,
    );
    expect(refused.data).toEqual({ tenantId });
    expect(refused.msg).toContain("“Strict Org” requires two-factor sign-in");
    expectError(await asDeveloper("GET", "/api/tenant/apikey"), 200, 40082);
    const list = expectOk<TenantSummary[]>(
      await call(t, "GET", "/api/tenant", undefined, { sid: developer.sid }),
    );
    expect(list.find((o) => o.tenantId === tenantId)).toMatchObject({
      requireTwoFactor: true,
      twoFactorNeeded: true,
    });
    // The Owner, who has it, goes on; the profile tells the pages the rule.
    const profile = expectOk<TenantUserProfile>(
      await inTenant(t, owner, tenantId)("GET", "/api/tenant/tenant_user/profile"),
    );
    expect(profile.tenant).toMatchObject({ requireTwoFactor: true, keysWithoutTwoFactor: false });

    // Set up on their own profile (outside any organisation), then admitted.
    await turnOnTwoFactor(developer);
    expectOk(await asDeveloper("GET", "/api/tenant/tenant_user/profile"));
    expectOk(await asDeveloper("GET", "/api/tenant/apikey"));
    const after = expectOk<TenantSummary[]>(
      await call(t, "GET", "/api/tenant", undefined, { sid: developer.sid }),
    );
    expect(after.find((o) => o.tenantId === tenantId)?.twoFactorNeeded).toBe(false);
  });

  it("leaves the way out open: a member without it may leave", async () => {
    const { owner, tenantId, developer } = await organisation("Leave Org");
    expectOk(await setRule(owner, tenantId, rule(true)));
    expectOk(await inTenant(t, developer, tenantId)("POST", `/api/tenant/s/${tenantId}/leave`));
  });

  it("only an Owner sets it: an Admin and a Developer are refused and nothing changes", async () => {
    const { tenantId, developer } = await organisation("Owners Only Org");
    const admin = await memberWithRole(t, tenantId, "admin");
    await turnOnTwoFactor(admin);
    expectError(await setRule(admin, tenantId, rule(true)), 403, 40300);
    expectError(await setRule(developer, tenantId, rule(true)), 403, 40300);
    // Another organisation's Owner cannot set it either.
    const { owner: stranger } = await ownerWithTenant(t, "Stranger Org");
    expectError(await setRule(stranger, tenantId, rule(true)), 200, 40036);
    const [row] = await queryRows<{ require_two_factor: boolean }>(
      t.database.db,
      sql`select require_two_factor from tenants where id = ${tenantId}`,
    );
    expect(row?.require_two_factor).toBe(false);
  });

  it("needs a fresh proof, the Owner's own two-factor sign-in, and both switches", async () => {
    const { owner, tenantId } = await ownerWithTenant(t, "Proof Org");
    // Without two-factor sign-in of their own, the Owner would shut themselves out.
    expectError(await setRule(owner, tenantId, rule(true)), 400, 40083);
    expectFieldError(
      await setRule(owner, tenantId, { requireTwoFactor: true }),
      "keysWithoutTwoFactor",
      "required",
    );
    await turnOnTwoFactor(owner);
    await t.database.db.execute(
      sql`update sessions set step_up_at = now() - interval '11 minutes' where user_id = ${owner.id}`,
    );
    expectError(await setRule(owner, tenantId, rule(true)), 403, 40340);
  });

  it("refuses the keys of members without it (40315), unless the Owner lets them work; set up, they work", async () => {
    const { owner, tenantId, developer, check } = await organisation("Keys Org");
    expect((await eventually(check, 200)).statusCode).toBe(200);

    expectOk(await setRule(owner, tenantId, rule(true)));
    expectError(await eventually(check, 403), 403, 40315);

    expectOk(await setRule(owner, tenantId, rule(true, true)));
    expect((await eventually(check, 200)).statusCode).toBe(200);

    expectOk(await setRule(owner, tenantId, rule(true, false)));
    expectError(await eventually(check, 403), 403, 40315);
    await turnOnTwoFactor(developer);
    expect((await eventually(check, 200)).statusCode).toBe(200);

    // The rule off, keys work whatever their creator has.
    await t.database.db.execute(sql`delete from user_two_factor where user_id = ${developer.id}`);
    expectError(await eventually(check, 403), 403, 40315);
    expectOk(await setRule(owner, tenantId, rule(false)));
    expect((await eventually(check, 200)).statusCode).toBe(200);
  });
});
