import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notices, users } from "../src/db/schema/index";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  login,
  PASSWORD,
  registerUser,
  sessionUser,
  solveCaptcha,
  uniqueEmail,
} from "./helpers/accounts";
import { expireInvitation, invite, publicInvite } from "./helpers/invitations";
import { createTenant, expectCode, inTenant } from "./helpers/tenancy";
import { cookieFrom, createTestApp, type TestApp } from "./helpers/test-app";

interface Check {
  tenantName: string;
  email: string;
  roleName: string;
  roleKey: string | null;
  inviterName: string | null;
  expiresAt: string;
  hasAccount: boolean;
}

describe("invitation link (public calls)", () => {
  let t: TestApp;
  let owner: Account;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    owner = await registerUser(t, { name: "Olga Owner" });
    tenantId = await createTenant(t, owner, "Link Co");
  });

  const membersOf = async (id: string) =>
    expectOk<{ userId: string; email: string; role: { key: string } }[]>(
      await inTenant(t, owner, id)("GET", "/api/tenant/tenant_user"),
    );
  const acceptedNotices = () =>
    t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.tenantId, tenantId), eq(notices.type, "invitation_accepted")));

  describe("POST /api/tenant/pub/invite/check", () => {
    it("tells organisation, address, role, inviter, expiry and whether an account exists", async () => {
      const fresh = await invite(t, owner, tenantId, uniqueEmail("fresh"), "finance");
      const res = expectOk<Check>(await publicInvite(t, "check", { token: fresh.token }));
      expect(res).toEqual({
        tenantName: "Link Co",
        email: fresh.invitation.email,
        roleName: "Finance",
        roleKey: "finance",
        inviterName: "Olga Owner",
        expiresAt: fresh.invitation.expiresAt,
        hasAccount: false,
      });
      const existing = await registerUser(t);
      const known = await invite(t, owner, tenantId, existing.email);
      expect(expectOk<Check>(await publicInvite(t, "check", { token: known.token })).hasAccount).toBe(true);
    });

    it("answers 40025 for an unknown token and a validation error for a missing one", async () => {
      expectError(await publicInvite(t, "check", { token: "x".repeat(43) }), 400, 40025);
      expectFieldError(await publicInvite(t, "check", {}), "token", "required");
      expectFieldError(await publicInvite(t, "check", { token: "" }), "token", "required");
      expectFieldError(await publicInvite(t, "check", { token: "x".repeat(300) }), "token", "too_long");
    });

    it("answers 40025 once the invitation has expired, for every call", async () => {
      const { invitation, token } = await invite(t, owner, tenantId, uniqueEmail());
      await expireInvitation(t, invitation.id);
      const invitee = await registerUser(t, { email: invitation.email });
      expectError(await publicInvite(t, "check", { token }), 400, 40025);
      expectError(await publicInvite(t, "accept/has_user", { token }, { sid: invitee.sid }), 400, 40025);
      expectError(
        await publicInvite(t, "accept/no_user", { token, name: "Late", password: PASSWORD }),
        400,
        40025,
      );
      expectError(await publicInvite(t, "reject", { token }), 400, 40025);
      expect((await membersOf(tenantId)).map((m) => m.userId)).toEqual([owner.id]);
    });

    it("answers 40025 in a suspended organisation", async () => {
      const { tenants } = await import("../src/db/schema/index");
      const { token } = await invite(t, owner, tenantId, uniqueEmail());
      await t.database.db.update(tenants).set({ status: "suspended" }).where(eq(tenants.id, tenantId));
      expectError(await publicInvite(t, "check", { token }), 400, 40025);
    });
  });

  describe("existing user: POST /api/tenant/pub/invite/accept/has_user", () => {
    it("joins with the invited role, once; the inviter gets a notice", async () => {
      const invitee = await registerUser(t, { name: "Ivan Invitee" });
      const { token } = await invite(t, owner, tenantId, invitee.email, "developer");
      expect(expectOk(await publicInvite(t, "accept/has_user", { token }, { sid: invitee.sid }))).toEqual({
        tenantId,
      });
      const joined = (await membersOf(tenantId)).find((m) => m.userId === invitee.id);
      expect(joined?.role.key).toBe("developer");
      const profile = expectOk<{ role: { key: string } }>(
        await inTenant(t, invitee, tenantId)("GET", "/api/tenant/tenant_user/profile"),
      );
      expect(profile.role.key).toBe("developer");
      const sent = await acceptedNotices();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        userId: owner.id,
        params: { name: "Ivan Invitee", email: invitee.email, roleKey: "developer" },
      });
      // Single use.
      expectError(await publicInvite(t, "accept/has_user", { token }, { sid: invitee.sid }), 400, 40025);
      expectError(await publicInvite(t, "check", { token }), 400, 40025);
      expectError(await publicInvite(t, "reject", { token }), 400, 40025);
    });

    it("needs a session", async () => {
      const { token } = await invite(t, owner, tenantId, uniqueEmail());
      expectError(await publicInvite(t, "accept/has_user", { token }), 401, 40099);
      expectOk(await publicInvite(t, "check", { token }));
    });

    it("refuses a session with another e-mail, naming the invited one; the right user can still accept", async () => {
      const invitee = await registerUser(t);
      const other = await registerUser(t);
      const { token } = await invite(t, owner, tenantId, invitee.email);
      const res = expectError<{ email: string }>(
        await publicInvite(t, "accept/has_user", { token }, { sid: other.sid }),
        400,
        40026,
      );
      expect(res.data.email).toBe(invitee.email);
      expect(res.msg).toContain(invitee.email);
      expectCode(await inTenant(t, other, tenantId)("GET", "/api/tenant/tenant_user/profile"), 200, 40036);
      expectOk(await publicInvite(t, "accept/has_user", { token }, { sid: invitee.sid }));
    });

    it("works only on the partner site the invitation belongs to", async () => {
      await t.app.services.partners.create({ name: "Elsewhere", subDomain: "elsewhere" });
      const host = "elsewhere.example.test";
      const twin = await registerUser(t, { host });
      const { token } = await invite(t, owner, tenantId, twin.email);
      // The same address registered on another partner's site is a different account.
      expectError(await publicInvite(t, "accept/has_user", { token }, { sid: twin.sid, host }), 400, 40025);
      expectError(await publicInvite(t, "check", { token }, { host }), 400, 40025);
    });

    it("lets exactly one of two simultaneous accepts win", async () => {
      const invitee = await registerUser(t);
      const { token } = await invite(t, owner, tenantId, invitee.email);
      const results = await Promise.all(
        [1, 2, 3].map(() => publicInvite(t, "accept/has_user", { token }, { sid: invitee.sid })),
      );
      const codes = results.map((r) => (r.json() as { code: number }).code).sort();
      expect(codes[0]).toBe(0);
      expect(codes.slice(1).every((c) => c === 40025 || c === 40027)).toBe(true);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(await acceptedNotices()).toHaveLength(1);
    });
  });

  describe("new user: POST /api/tenant/pub/invite/accept/no_user", () => {
    it("creates the account for the invited address, signs in and joins", async () => {
      const email = uniqueEmail("newbie");
      const { token } = await invite(t, owner, tenantId, email, "viewer");
      const res = await publicInvite(t, "accept/no_user", { token, name: "Nina Newbie", password: PASSWORD });
      const data = expectOk<{ tenantId: string; user: { id: string; email: string; name: string } }>(res);
      expect(data).toMatchObject({ tenantId, user: { email, name: "Nina Newbie" } });
      const sid = cookieFrom(res);
      expect(sid).toBeTruthy();
      expect((await sessionUser(t, sid!))?.email).toBe(email);
      const profile = expectOk<{ role: { key: string } }>(
        await call(t, "GET", "/api/tenant/tenant_user/profile", undefined, {
          sid: sid!,
          headers: { "x-tenant-id": tenantId },
        }),
      );
      expect(profile.role.key).toBe("viewer");
      // The password works for a later sign-in.
      expectOk(await login(t, email, PASSWORD));
      expect(await acceptedNotices()).toHaveLength(1);
      // Single use: the same link cannot make another account or join again.
      expectError(
        await publicInvite(t, "accept/no_user", { token, name: "Again", password: PASSWORD }),
        400,
        40025,
      );
      expectError(await publicInvite(t, "accept/has_user", { token }, { sid: sid! }), 400, 40025);
    });

    it("tells an existing account holder to sign in instead, changing nothing", async () => {
      const existing = await registerUser(t);
      const { token } = await invite(t, owner, tenantId, existing.email);
      const res = expectError<{ email: string; hasAccount: boolean }>(
        await publicInvite(t, "accept/no_user", { token, name: "Someone", password: "Another-pass-77" }),
        400,
        40026,
      );
      expect(res.data).toEqual({ email: existing.email, hasAccount: true });
      expect(res.msg).toMatch(/sign in/i);
      expectOk(await login(t, existing.email, existing.password));
      expectOk(await publicInvite(t, "check", { token }));
    });

    it("enforces the password policy and the name, leaving the invitation usable", async () => {
      const email = uniqueEmail();
      const { token } = await invite(t, owner, tenantId, email);
      const weak = expectError<{ rules: string[] }>(
        await publicInvite(t, "accept/no_user", { token, name: "Weak", password: "short" }),
        400,
        40011,
      );
      expect(weak.data.rules.length).toBeGreaterThan(0);
      // The e-mail itself is not a good password.
      expectError(
        await publicInvite(t, "accept/no_user", { token, name: "Same", password: email }),
        400,
        40011,
      );
      expectFieldError(
        await publicInvite(t, "accept/no_user", { token, password: PASSWORD }),
        "name",
        "required",
      );
      expectFieldError(await publicInvite(t, "accept/no_user", { token, name: "x" }), "password", "required");
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expectOk(await publicInvite(t, "check", { token }));
    });

    it("two simultaneous sign-ups with one link make one account", async () => {
      const email = uniqueEmail();
      const { token } = await invite(t, owner, tenantId, email);
      const results = await Promise.all(
        [1, 2].map(() => publicInvite(t, "accept/no_user", { token, name: "Twin", password: PASSWORD })),
      );
      expect(results.map((r) => (r.json() as { code: number }).code).filter((c) => c === 0)).toHaveLength(1);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    });
  });

  describe("POST /api/tenant/pub/invite/reject", () => {
    it("declines without an account; the link then works no more", async () => {
      const email = uniqueEmail();
      const { token } = await invite(t, owner, tenantId, email);
      expect(expectOk(await publicInvite(t, "reject", { token }))).toEqual({ rejected: true });
      expectError(await publicInvite(t, "check", { token }), 400, 40025);
      expectError(
        await publicInvite(t, "accept/no_user", { token, name: "Changed mind", password: PASSWORD }),
        400,
        40025,
      );
      expectError(await publicInvite(t, "reject", { token }), 400, 40025);
      expect((await membersOf(tenantId)).map((m) => m.userId)).toEqual([owner.id]);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });
  });

  describe("revoked links", () => {
    it("a re-sent invitation voids the old link for every call", async () => {
      const invitee = await registerUser(t);
      const first = await invite(t, owner, tenantId, invitee.email);
      expectOk(
        await inTenant(t, owner, tenantId)("POST", `/api/tenant/invite/s/${first.invitation.id}/resend`),
      );
      expectError(await publicInvite(t, "check", { token: first.token }), 400, 40025);
      expectError(
        await publicInvite(t, "accept/has_user", { token: first.token }, { sid: invitee.sid }),
        400,
        40025,
      );
      expectError(await publicInvite(t, "reject", { token: first.token }), 400, 40025);
    });
  });
});

describe("invitation link with the captcha on", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_ENABLED: "true", CAPTCHA_DIFFICULTY: "1000" });
  });
  afterAll(() => t.close());

  it("asks a new user for the captcha and accepts a solved one", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Captcha Co");
    const email = uniqueEmail();
    const { token } = await invite(t, owner, tenantId, email);
    expectError(
      await publicInvite(t, "accept/no_user", { token, name: "Bot", password: PASSWORD }),
      400,
      40002,
    );
    expectError(
      await publicInvite(t, "accept/no_user", { token, name: "Bot", password: PASSWORD, captcha: "bogus" }),
      400,
      40003,
    );
    const captcha = await solveCaptcha(t);
    expectOk(await publicInvite(t, "accept/no_user", { token, name: "Human", password: PASSWORD, captcha }));
  });
});
