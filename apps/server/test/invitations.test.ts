import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PartnerRow } from "../src/core/request-context";
import { sha256 } from "../src/core/tokens";
import { invitations } from "../src/db/schema/index";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  mailsTo,
  registerUser,
  uniqueEmail,
} from "./helpers/accounts";
import {
  expireInvitation,
  type InvitationDto,
  invite,
  inviteLinkFor,
  inviteTokenFor,
  publicInvite,
} from "./helpers/invitations";
import { createTenant, expectCode, inTenant, memberWithRole, roleId } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const INVITES = "/api/tenant/invite";
const DAY = 24 * 3_600_000;

describe("invitations (tenant side)", () => {
  let t: TestApp;
  let owner: Account;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://dash.example.test" });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    owner = await registerUser(t, { name: "Olga Owner" });
    tenantId = await createTenant(t, owner, "Invite Co");
  });

  const asOwner = () => inTenant(t, owner, tenantId);

  describe("POST /api/tenant/invite", () => {
    it("stores the invitation, lists it as pending and e-mails a link to /accept-invite", async () => {
      const email = uniqueEmail("new");
      const res = expectOk<InvitationDto>(
        await asOwner()("POST", INVITES, { email, roleId: await roleId(t, tenantId, "developer") }),
      );
      expect(res).toMatchObject({
        email,
        role: { key: "developer", super: false },
        invitedBy: { id: owner.id, name: "Olga Owner" },
      });
      const expires = new Date(res.expiresAt).getTime() - new Date(res.createdAt).getTime();
      expect(Math.abs(expires - 7 * DAY)).toBeLessThan(60_000);
      expect(expectOk<InvitationDto[]>(await asOwner()("GET", INVITES))).toEqual([res]);

      const [mail] = await mailsTo(t, email);
      expect(mail!.subject).toContain("Olga Owner");
      expect(mail!.subject).toContain("Invite Co");
      expect(mail!.text).toContain("7 days");
      expect(mail!.text).toContain("Developer");
      const link = await inviteLinkFor(t, email);
      expect(`${link.origin}${link.pathname}`).toBe("https://dash.example.test/accept-invite");
      const token = link.searchParams.get("token")!;
      // At least 128 random bits, and only its hash is stored.
      expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
      const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, res.id));
      expect(row!.tokenHash).toBe(sha256(token));
      expect(row!.tokenHash).not.toContain(token);
    });

    it("normalises the e-mail and writes the link in the inviter's language", async () => {
      const email = uniqueEmail("Mixed.Case");
      const res = await call(
        t,
        "POST",
        INVITES,
        { email: `  ${email.toUpperCase()} `, roleId: await roleId(t, tenantId, "viewer") },
        { sid: owner.sid, headers: { "x-tenant-id": tenantId, "x-locale": "es" } },
      );
      expect(expectOk<InvitationDto>(res).email).toBe(email.toLowerCase());
      const link = await inviteLinkFor(t, email.toLowerCase());
      expect(link.pathname).toBe("/es/accept-invite");
      const [mail] = await mailsTo(t, email.toLowerCase());
      expect(mail!.subject).toContain("te invitó");
      expect(mail!.text).toContain("Lector");
    });

    it("uses the invited user's own language when they already have an account", async () => {
      const existing = await registerUser(t);
      expectOk(await call(t, "POST", "/api/tenant/uc/profile", { locale: "pt" }, { sid: existing.sid }));
      await invite(t, owner, tenantId, existing.email);
      expect((await inviteLinkFor(t, existing.email)).pathname).toBe("/pt/accept-invite");
    });

    it.each([
      [{}, "email", "required"],
      [{ email: "not-an-email", roleId: "00000000-0000-4000-8000-000000000000" }, "email", "invalid_email"],
      [{ email: "a@example.com" }, "roleId", "required"],
      [{ email: "a@example.com", roleId: "admin" }, "roleId", "invalid_format"],
      [{ email: "a@example.com", roleId: "00000000-0000-4000-8000-000000000000" }, "roleId", "unknown_role"],
    ])("%j -> %s %s", async (payload, field, reason) => {
      expectFieldError(await asOwner()("POST", INVITES, payload), field, reason);
    });

    it("refuses a role of another organisation", async () => {
      const other = await createTenant(t, owner, "Other Co");
      expectFieldError(
        await asOwner()("POST", INVITES, { email: uniqueEmail(), roleId: await roleId(t, other, "admin") }),
        "roleId",
        "unknown_role",
      );
    });

    it("refuses someone who is already a member", async () => {
      const dev = await memberWithRole(t, tenantId, "developer");
      expectError(
        await asOwner()("POST", INVITES, { email: dev.email, roleId: await roleId(t, tenantId, "admin") }),
        400,
        40027,
      );
      expect(expectOk<InvitationDto[]>(await asOwner()("GET", INVITES))).toEqual([]);
      expect(await mailsTo(t, dev.email)).toHaveLength(1); // only the sign-up code
    });

    it("a new invitation for the same address replaces the pending one", async () => {
      const email = uniqueEmail();
      const first = await invite(t, owner, tenantId, email, "viewer");
      const second = await invite(t, owner, tenantId, email, "finance");
      expect(second.token).not.toBe(first.token);
      const pending = expectOk<InvitationDto[]>(await asOwner()("GET", INVITES));
      expect(pending.map((i) => i.id)).toEqual([second.invitation.id]);
      expectError(await publicInvite(t, "check", { token: first.token }), 400, 40025);
      expect(
        expectOk<{ roleKey: string }>(await publicInvite(t, "check", { token: second.token })).roleKey,
      ).toBe("finance");
    });

    it("only an owner may invite as Owner", async () => {
      const admin = await memberWithRole(t, tenantId, "admin");
      const ownerRole = await roleId(t, tenantId, "owner");
      expectError(
        await inTenant(t, admin, tenantId)("POST", INVITES, { email: uniqueEmail(), roleId: ownerRole }),
        403,
        40024,
      );
      expectOk(
        await inTenant(t, admin, tenantId)("POST", INVITES, {
          email: uniqueEmail(),
          roleId: await roleId(t, tenantId, "admin"),
        }),
      );
      expect(
        expectOk<InvitationDto>(await asOwner()("POST", INVITES, { email: uniqueEmail(), roleId: ownerRole }))
          .role.super,
      ).toBe(true);
    });

    it("guards every call by permission", async () => {
      const viewer = await memberWithRole(t, tenantId, "viewer");
      const dev = await memberWithRole(t, tenantId, "developer");
      const { invitation } = await invite(t, owner, tenantId, uniqueEmail());
      const asViewer = inTenant(t, viewer, tenantId);
      expect(expectOk<InvitationDto[]>(await asViewer("GET", INVITES))).toHaveLength(1);
      expectError(
        await asViewer("POST", INVITES, {
          email: uniqueEmail(),
          roleId: await roleId(t, tenantId, "viewer"),
        }),
        403,
        40300,
      );
      expectError(await asViewer("POST", `${INVITES}/s/${invitation.id}/resend`), 403, 40300);
      expectError(await asViewer("DELETE", `${INVITES}/s/${invitation.id}`), 403, 40300);
      expectError(await inTenant(t, dev, tenantId)("GET", INVITES), 403, 40300);
      expectError(
        await call(t, "GET", INVITES, undefined, { headers: { "x-tenant-id": tenantId } }),
        401,
        40099,
      );
      const stranger = await registerUser(t);
      expectCode(await inTenant(t, stranger, tenantId)("GET", INVITES), 200, 40036);
    });

    it("limits invitations per organisation and hour", async () => {
      const viewerRole = await roleId(t, tenantId, "viewer");
      for (let i = 0; i < 50; i++)
        expectOk(await asOwner()("POST", INVITES, { email: uniqueEmail(`bulk${i}`), roleId: viewerRole }));
      const res = await asOwner()("POST", INVITES, { email: uniqueEmail(), roleId: viewerRole });
      expectError(res, 429, 42900);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      // Another organisation has its own allowance.
      const other = await createTenant(t, owner, "Fresh Co");
      expectOk(
        await inTenant(t, owner, other)("POST", INVITES, {
          email: uniqueEmail(),
          roleId: await roleId(t, other, "viewer"),
        }),
      );
    });
  });

  describe("GET /api/tenant/invite", () => {
    it("lists only pending ones: not accepted, rejected, revoked or expired", async () => {
      const a = await invite(t, owner, tenantId, uniqueEmail("a"));
      const b = await invite(t, owner, tenantId, uniqueEmail("b"));
      const c = await invite(t, owner, tenantId, uniqueEmail("c"));
      const d = await invite(t, owner, tenantId, uniqueEmail("d"));
      const e = await invite(t, owner, tenantId, uniqueEmail("e"));
      await expireInvitation(t, a.invitation.id);
      expectOk(await publicInvite(t, "reject", { token: b.token }));
      expectOk(await asOwner()("DELETE", `${INVITES}/s/${c.invitation.id}`));
      const invitee = await registerUser(t, { email: d.invitation.email });
      expectOk(await publicInvite(t, "accept/has_user", { token: d.token }, { sid: invitee.sid }));
      expect(expectOk<InvitationDto[]>(await asOwner()("GET", INVITES)).map((i) => i.id)).toEqual([
        e.invitation.id,
      ]);
    });
  });

  describe("POST /api/tenant/invite/s/:id/resend", () => {
    it("sends a new link valid 7 more days; the old one stops working", async () => {
      const email = uniqueEmail();
      const first = await invite(t, owner, tenantId, email, "finance");
      await t.database.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() + DAY) })
        .where(eq(invitations.id, first.invitation.id));
      const again = expectOk<InvitationDto>(
        await asOwner()("POST", `${INVITES}/s/${first.invitation.id}/resend`),
      );
      expect(again.id).not.toBe(first.invitation.id);
      expect(again).toMatchObject({ email, role: { key: "finance" } });
      expect(new Date(again.expiresAt).getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
      const token = await inviteTokenFor(t, email);
      expect(token).not.toBe(first.token);
      expect(await mailsTo(t, email)).toHaveLength(2);
      expectError(await publicInvite(t, "check", { token: first.token }), 400, 40025);
      expectOk(await publicInvite(t, "check", { token }));
      expect(expectOk<InvitationDto[]>(await asOwner()("GET", INVITES)).map((i) => i.id)).toEqual([again.id]);
      // The old id is no longer open.
      expectError(await asOwner()("POST", `${INVITES}/s/${first.invitation.id}/resend`), 404, 40400);
    });

    it("renews an expired invitation", async () => {
      const email = uniqueEmail();
      const first = await invite(t, owner, tenantId, email);
      await expireInvitation(t, first.invitation.id);
      expect(expectOk<InvitationDto[]>(await asOwner()("GET", INVITES))).toEqual([]);
      expectOk(await asOwner()("POST", `${INVITES}/s/${first.invitation.id}/resend`));
      expectOk(await publicInvite(t, "check", { token: await inviteTokenFor(t, email) }));
    });

    it("refuses accepted, rejected and revoked invitations, and those of another organisation", async () => {
      const rejected = await invite(t, owner, tenantId, uniqueEmail());
      expectOk(await publicInvite(t, "reject", { token: rejected.token }));
      expectError(await asOwner()("POST", `${INVITES}/s/${rejected.invitation.id}/resend`), 404, 40400);
      const revoked = await invite(t, owner, tenantId, uniqueEmail());
      expectOk(await asOwner()("DELETE", `${INVITES}/s/${revoked.invitation.id}`));
      expectError(await asOwner()("POST", `${INVITES}/s/${revoked.invitation.id}/resend`), 404, 40400);

      const otherOwner = await registerUser(t);
      const other = await createTenant(t, otherOwner, "Their Co");
      const theirs = await invite(t, otherOwner, other, uniqueEmail());
      expectError(await asOwner()("POST", `${INVITES}/s/${theirs.invitation.id}/resend`), 404, 40400);
      expectError(await asOwner()("DELETE", `${INVITES}/s/${theirs.invitation.id}`), 404, 40400);
      expectOk(await publicInvite(t, "check", { token: theirs.token }));
      expectFieldError(await asOwner()("DELETE", `${INVITES}/s/nope`), "id", "invalid_format");
    });

    it("only an owner may re-send an invitation as Owner", async () => {
      const admin = await memberWithRole(t, tenantId, "admin");
      const { invitation } = await invite(t, owner, tenantId, uniqueEmail(), "owner");
      expectError(
        await inTenant(t, admin, tenantId)("POST", `${INVITES}/s/${invitation.id}/resend`),
        403,
        40024,
      );
    });
  });

  describe("DELETE /api/tenant/invite/s/:id", () => {
    it("revokes: the link stops working and the invitation leaves the list", async () => {
      const { invitation, token } = await invite(t, owner, tenantId, uniqueEmail());
      expect(expectOk(await asOwner()("DELETE", `${INVITES}/s/${invitation.id}`))).toEqual({ revoked: true });
      expectError(await publicInvite(t, "check", { token }), 400, 40025);
      expect(expectOk<InvitationDto[]>(await asOwner()("GET", INVITES))).toEqual([]);
      expectError(await asOwner()("DELETE", `${INVITES}/s/${invitation.id}`), 404, 40400);
    });
  });

  describe("links on a partner's own domain", () => {
    let acme: PartnerRow;
    beforeAll(async () => {
      acme = await t.app.services.partners.create({ name: "Acme Numbers", domain: "numbers.acme.test" });
    });

    it("point at that domain, and the token works only on that partner's site", async () => {
      const host = "numbers.acme.test";
      const acmeOwner = await registerUser(t, { host });
      const id = expectOk<{ id: string }>(
        await call(t, "POST", "/api/tenant", { name: "Acme Team" }, { sid: acmeOwner.sid, host }),
      ).id;
      const email = uniqueEmail();
      expectOk(
        await call(
          t,
          "POST",
          INVITES,
          { email, roleId: await roleId(t, id, "viewer") },
          { sid: acmeOwner.sid, host, headers: { "x-tenant-id": id } },
        ),
      );
      const link = await inviteLinkFor(t, email);
      // The partner's domain with PUBLIC_URL's scheme: nothing of the request's Host goes into a link.
      expect(link.origin).toBe("https://numbers.acme.test");
      const token = link.searchParams.get("token")!;
      expect(acme.id).toBeTruthy();
      expectError(await publicInvite(t, "check", { token }), 400, 40025);
      expect(
        expectOk<{ tenantName: string }>(await publicInvite(t, "check", { token }, { host })).tenantName,
      ).toBe("Acme Team");
    });
  });
});
