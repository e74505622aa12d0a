import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantMembers, users } from "../../src/db/schema/index";
import { type Account, body, expectError, expectOk, PASSWORD, registerUser } from "../helpers/accounts";
import { eventually } from "../helpers/api-client";
import { inviteTokenFor, publicInvite } from "../helpers/invitations";
import { createTenant, inTenant, memberHolding as memberHoldingRights } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * A grant speaks for whoever gave it, and never for more than they hold now (docs/security.md,
 * "Roles and rights inside an organisation"): an API key's scopes are bounded by its creator's
 * rights when it is made and on every call; an invitation is accepted only while its inviter may
 * still give the role.
 */
const ROLE = "/api/tenant/role";
const MEMBER = (userId: string) => `/api/tenant/tenant_user/s/${userId}`;

describe("grants bound to the granter's rights", () => {
  let t: TestApp;
  let owner: Account;
  let tenantId: string;
  let asOwner: ReturnType<typeof inTenant>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerUser(t, { name: "Olga Owner" });
    tenantId = await createTenant(t, owner, "Grants");
    asOwner = inTenant(t, owner, tenantId);
  });
  afterAll(() => t.close());

  /** A member whose custom role holds exactly `permissions`. */
  const memberHolding = (name: string, permissions: string[]) =>
    memberHoldingRights(t, tenantId, owner, name, permissions);

  const withKey = (secret: string, url: string) =>
    t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${secret}` } });

  describe("API key scopes", () => {
    it("refuses at creation each scope whose rights the creator lacks, naming the right", async () => {
      // Only the right to make keys: it once made a live key that checked (charged) and read the balance.
      const keyDesk = await memberHolding("Key desk", ["apikey:create", "apikey:read"]);
      const res = await keyDesk.as("POST", "/api/tenant/apikey", {
        name: "Escalated",
        mode: "live",
        scopes: ["check", "usage:read"],
      });
      expectError(res, 400, 40001);
      expect(body<{ fields: unknown[] }>(res).data.fields).toEqual([
        expect.objectContaining({ field: "scopes.0", reason: "permission_not_held" }),
        expect.objectContaining({ field: "scopes.1", reason: "permission_not_held" }),
      ]);
      expect(JSON.stringify(body(res).data)).toContain("detection:create");
      expect(JSON.stringify(body(res).data)).toContain("account:read");
      // No key was made.
      expect(expectOk<unknown[]>(await asOwner("GET", "/api/tenant/apikey"))).toHaveLength(0);
    });

    it("a scope stops when the creator loses the rights behind it, and works again when they are back", async () => {
      const rights = ["apikey:create", "apikey:read", "detection:read", "account:read", "apikey_data:read"];
      const dev = await memberHolding("Integrator", rights);
      const made = expectOk<ApiKeyCreatedView>(
        await dev.as("POST", "/api/tenant/apikey", {
          name: "Sync",
          mode: "live",
          scopes: ["jobs:read", "usage:read"],
        }),
      );
      expectOk(await eventually(() => withKey(made.secret, "/api/v1/balance"), 200));
      await dev.setRights(rights.filter((p) => p !== "account:read"));
      const lapsed = await eventually(() => withKey(made.secret, "/api/v1/balance"), 403);
      expectError(lapsed, 403, 40313);
      expect(body(lapsed).msg).toContain("usage:read");
      // The scope the creator still backs keeps working.
      expectOk(await withKey(made.secret, "/api/v1/jobs"));
      await dev.setRights(rights);
      expectOk(await eventually(() => withKey(made.secret, "/api/v1/balance"), 200));
    });

    it("a roll makes a key for the roller, so its scopes must lie within the roller's rights", async () => {
      const made = expectOk<ApiKeyCreatedView>(
        await asOwner("POST", "/api/tenant/apikey", {
          name: "Owner's",
          mode: "live",
          scopes: ["usage:read"],
        }),
      );
      const roller = await memberHolding("Roller", ["apikey:create", "apikey:read", "detection:read"]);
      const res = await roller.as("POST", `/api/tenant/apikey/s/${made.key.id}/roll`, { graceHours: 0 });
      expectError(res, 400, 40001);
      expect(body<{ fields: unknown[] }>(res).data.fields).toEqual([
        expect.objectContaining({ field: "scopes.0", reason: "permission_not_held" }),
      ]);
      // The old key was not closed by the refused roll.
      expectOk(await withKey(made.secret, "/api/v1/balance"));
    });
  });

  describe("invitations", () => {
    const accountExists = async (email: string) =>
      (await t.database.db.select().from(users).where(eq(users.email, email))).length > 0;
    const isMember = async (userId: string) =>
      (await t.database.db.select().from(tenantMembers).where(eq(tenantMembers.userId, userId))).some(
        (m) => m.tenantId === tenantId,
      );

    /** A role within every desk's rights, so each may invite with it. */
    let readers: string;
    beforeAll(async () => {
      readers = expectOk<{ id: string }>(
        await asOwner("POST", ROLE, { name: "Readers", permissions: VIEWER }),
      ).id;
    });

    async function invitedBy(as: ReturnType<typeof inTenant>, email: string) {
      expectOk(await as("POST", "/api/tenant/invite", { email, roleId: readers }));
      return inviteTokenFor(t, email);
    }

    it("is refused once its inviter is demoted, and works again when the right is back", async () => {
      const desk = await memberHolding("Member desk", ["tenant_user:create", "tenant_user:read", ...VIEWER]);
      const invitee = await registerUser(t);
      const token = await invitedBy(desk.as, invitee.email);
      await desk.setRights(VIEWER);
      const accept = () => publicInvite(t, "accept/has_user", { token }, { sid: invitee.sid });
      expectError(await accept(), 403, 40314);
      expect(await isMember(invitee.id)).toBe(false);
      await desk.setRights(["tenant_user:create", "tenant_user:read", ...VIEWER]);
      expectOk(await accept());
      expect(await isMember(invitee.id)).toBe(true);
    });

    it("is refused once its inviter has been removed, for an existing account and a new one", async () => {
      const desk = await memberHolding("Member desk 2", [
        "tenant_user:create",
        "tenant_user:read",
        ...VIEWER,
      ]);
      const existing = await registerUser(t);
      const existingToken = await invitedBy(desk.as, existing.email);
      const newcomerEmail = `newcomer.${Date.now()}@example.com`;
      const newcomerToken = await invitedBy(desk.as, newcomerEmail);
      expectOk(await asOwner("DELETE", MEMBER(desk.member.id)));
      expectError(
        await publicInvite(t, "accept/has_user", { token: existingToken }, { sid: existing.sid }),
        403,
        40314,
      );
      expect(await isMember(existing.id)).toBe(false);
      const created = await publicInvite(t, "accept/no_user", {
        token: newcomerToken,
        name: "New Comer",
        password: PASSWORD,
      });
      expectError(created, 403, 40314);
      // The refused acceptance made no account either.
      expect(await accountExists(newcomerEmail)).toBe(false);
    });

    it("is refused once the role was given more than its inviter holds", async () => {
      const desk = await memberHolding("Member desk 3", [
        "tenant_user:create",
        "tenant_user:read",
        ...VIEWER,
      ]);
      const growing = expectOk<{ id: string }>(
        await asOwner("POST", ROLE, { name: "Growing", permissions: ["detection:read"] }),
      );
      const invitee = await registerUser(t);
      expectOk(await desk.as("POST", "/api/tenant/invite", { email: invitee.email, roleId: growing.id }));
      const token = await inviteTokenFor(t, invitee.email);
      expectOk(
        await asOwner("POST", `${ROLE}/s/${growing.id}`, {
          name: "Growing",
          permissions: ["detection:read", "recharge:create"],
        }),
      );
      expectError(await publicInvite(t, "accept/has_user", { token }, { sid: invitee.sid }), 403, 40314);
    });
  });
});

/** What the built-in Viewer holds: what the desks keep when their member rights go. */
const VIEWER = ["detection:read", "notice:read"];
