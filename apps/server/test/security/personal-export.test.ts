import { PERSONAL_EXPORT_LIMITS, type PersonalExport } from "@nc/contracts/privacy";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import { call, login, registerUser } from "../helpers/accounts";
import { expectProofsRefused } from "../helpers/proofs";
import { createTenant, memberWithRole } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * A person's own data (docs/security.md, "Privacy: export and deletion"): one JSON file with
 * their profile, memberships, sessions and what they did, confirmed again, bounded, recorded.
 */
describe("security: a person's own data export", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const exportedEvents = async (userId: string) =>
    queryRows<{ tenant_id: string | null; details: Record<string, unknown> }>(
      t.database.db,
      sql`select tenant_id, details from audit_events
          where action = 'account.exported' and actor_id = ${userId} order by tenant_id`,
    );

  it("gives the profile, memberships, sessions and the person's own events as a JSON download", async () => {
    const person = await registerUser(t, { name: "Export Person" });
    const tenantId = await createTenant(t, person, "Export Org");
    // Another member's doings in the same organisation are theirs, not the person's.
    const other = await memberWithRole(t, tenantId, "admin");
    await login(t, other.email, other.password);
    await login(t, person.email, person.password);

    const res = await call(
      t,
      "POST",
      "/api/tenant/uc/export",
      { password: person.password },
      { sid: person.sid },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const file = res.json() as PersonalExport;
    expect(file.profile).toMatchObject({
      id: person.id,
      email: person.email,
      name: "Export Person",
      twoFactor: false,
    });
    expect(file.memberships).toEqual([
      expect.objectContaining({ tenantId, name: "Export Org", role: "Owner", status: "active" }),
    ]);
    expect(file.sessions.items.length).toBeGreaterThanOrEqual(2);
    expect(file.sessions.truncated).toBe(false);
    const actions = file.auditEvents.items.map((e) => e.action);
    expect(actions).toContain("organisation.created");
    expect(actions).toContain("auth.sign_in");
    expect(file.auditEvents.items.every((e) => e.tenantId === tenantId || e.tenantId === null)).toBe(true);
    // Only the person's own doings: the admin's sign-in is not in it.
    const signIns = file.auditEvents.items.filter((e) => e.action === "auth.sign_in");
    // The sign-in after creating the organisation (the registration's came before any, so is
    // in no organisation's log); the admin's sign-in in the same log is left out.
    expect(signIns.length).toBe(1);
    // Nothing secret: no password digest, no session cookie digest.
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash|id_hash|idHash/);
    expect(res.body).not.toContain(person.sid);

    // Recorded in the organisation whose log the file draws on.
    expect(await exportedEvents(person.id)).toEqual([
      { tenant_id: tenantId, details: { format: "json", auditEvents: file.auditEvents.items.length } },
    ]);
  });

  it("needs the password or an e-mailed code; a wrong one gives nothing and records nothing", async () => {
    const person = await registerUser(t);
    await expectProofsRefused(t, "/api/tenant/uc/export", person);
    expect(await exportedEvents(person.id)).toEqual([]);
  });

  it("keeps the newest events up to the bound and says it left the rest out", async () => {
    const person = await registerUser(t);
    const extra = PERSONAL_EXPORT_LIMITS.auditEvents + 5;
    await t.database.db.execute(
      sql`insert into audit_events (id, tenant_id, actor_type, actor_id, action, details, created_at)
          select gen_random_uuid(), null, 'user', ${person.id}, 'auth.session_ended', '{}'::jsonb,
                 now() - make_interval(mins => n)
          from generate_series(1, ${extra}) as n`,
    );
    const res = await call(
      t,
      "POST",
      "/api/tenant/uc/export",
      { password: person.password },
      { sid: person.sid },
    );
    const file = res.json() as PersonalExport;
    expect(file.auditEvents.items).toHaveLength(PERSONAL_EXPORT_LIMITS.auditEvents);
    expect(file.auditEvents.truncated).toBe(true);
    // Newest first.
    expect(file.auditEvents.items[0]!.at >= file.auditEvents.items.at(-1)!.at).toBe(true);
    // Someone in no organisation: the export is recorded outside any.
    expect(await exportedEvents(person.id)).toEqual([
      { tenant_id: null, details: { format: "json", auditEvents: PERSONAL_EXPORT_LIMITS.auditEvents } },
    ]);
  });
});
