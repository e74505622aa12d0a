import type { OperatorUserPage, OperatorUserView } from "@nc/contracts/operator";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { auditEvents } from "../src/db/schema/index";
import { expectError, expectOk, login } from "./helpers/accounts";
import { as, CONSOLE_ENV, cliGrant, customerOf, register, type SiteUser } from "./helpers/operators";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Accounts in the operator console: find, look at, and sign out everywhere. */
describe("operator console: users", () => {
  let t: TestApp;
  let platform: SiteUser;
  let reader: SiteUser;
  let customer: SiteUser;
  let tenantId: string;

  beforeAll(async () => {
    t = await createTestApp(CONSOLE_ENV);
    platform = await register(t, undefined, "Platform Operator");
    await cliGrant(t, platform, { platform: true });
    reader = await register(t, undefined, "Read Only");
    await cliGrant(t, reader, { platform: true, permissions: "operator.user:read" });
    customer = await register(t, undefined, "Zoë Customer");
    tenantId = await customerOf(t, customer, "Zoë's Shop");
  });
  afterAll(() => t.close());

  it("finds an account by e-mail, name or id, with its organisations, sessions and operator rights", async () => {
    for (const q of [customer.email.toUpperCase(), "zoë cust", customer.id]) {
      const page = expectOk<OperatorUserPage>(
        await as(t, platform)("GET", `/api/operator/users?q=${encodeURIComponent(q)}`),
      );
      expect(
        page.items.map((u) => u.id),
        q,
      ).toEqual([customer.id]);
    }
    const found = expectOk<OperatorUserView>(
      await as(t, platform)("GET", `/api/operator/users/${customer.id}`),
    );
    expect(found).toMatchObject({
      email: customer.email,
      organisations: [{ id: tenantId, name: "Zoë's Shop", role: "owner" }],
      sessions: 1,
      operator: null,
    });
    expect(found.lastSeenAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const self = expectOk<OperatorUserView>(
      await as(t, platform)("GET", `/api/operator/users/${platform.id}`),
    );
    expect(self.operator?.scope).toBe("platform");
    // A wildcard is matched as itself, not as "anything".
    const none = expectOk<OperatorUserPage>(await as(t, platform)("GET", "/api/operator/users?q=%25"));
    expect(none.items).toEqual([]);
  });

  it("signs an account out everywhere: its sessions stop at once, and the audit log says who did it", async () => {
    const second = await login(t, customer.email, customer.password);
    expect(second.statusCode).toBe(200);
    // The nonce that signs the browsers remembered for two-factor sign-in.
    expectOk(await as(t, customer)("POST", "/api/tenant/uc/2fa/setup"));
    const nonce = async () =>
      (
        await queryRows<{ trust_nonce: string }>(
          t.database.db,
          sql`select trust_nonce from user_two_factor where user_id = ${customer.id}`,
        )
      )[0]?.trust_nonce;
    const before = await nonce();
    expect(before).toBeTruthy();
    const ended = expectOk<{ ended: number }>(
      await as(t, platform)("POST", `/api/operator/users/${customer.id}/end-sessions`),
    );
    expect(ended.ended).toBe(2);
    expectError(await as(t, customer)("GET", "/api/tenant"), 401, 40099);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "user.sessions_ended"), eq(auditEvents.targetId, customer.id)));
    expect(event).toMatchObject({ actorType: "operator", actorLabel: platform.email, actorId: platform.id });
    expect(event?.details).toMatchObject({ email: customer.email, sessions: 2 });
    // Remembered browsers are forgotten too: no cookie signed before skips the code any more.
    expect(await nonce()).not.toBe(before);
  });

  it("needs operator.user:update to sign anyone out, and answers an unknown account as not found", async () => {
    expectError(await as(t, reader)("POST", `/api/operator/users/${platform.id}/end-sessions`), 403, 40300);
    expectError(
      await as(t, platform)("GET", "/api/operator/users/00000000-0000-4000-8000-000000000000"),
      404,
      40400,
    );
    expectError(await as(t, platform)("GET", "/api/operator/users?limit=0"), 400, 40001);
  });
});
