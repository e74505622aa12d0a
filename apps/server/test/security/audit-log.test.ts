import type { AuditEventView, AuditPage } from "@nc/contracts/audit";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import { expectFieldError, expectOk, login, registerUser } from "../helpers/accounts";
import { createTenant, expectCode, inTenant, memberWithRole } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The audit log (docs/security.md, "Audit log"): who did what in an organisation, written in the
 * transaction of the change, append-only, readable by owners and admins, purged after retention.
 */
describe("security: audit log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const events = (tenantId: string, where = sql`true`) =>
    queryRows<{ id: string; action: string; actor_id: string | null; details: Record<string, unknown> }>(
      t.database.db,
      sql`select id, action, actor_id, details from audit_events where tenant_id = ${tenantId} and ${where}
          order by created_at, id`,
    );

  async function page(user: { sid: string }, tenantId: string, query = "") {
    return expectOk<AuditPage>(
      await inTenant(t, user as never, tenantId)("GET", `/api/tenant/audit${query}`),
    );
  }

  it("records a sign-in in each organisation of the user, with address and user agent", async () => {
    const owner = await registerUser(t);
    const a = await createTenant(t, owner, "Audit A");
    const b = await createTenant(t, owner, "Audit B");
    const res = await login(t, owner.email, owner.password, {
      ip: "203.0.113.9",
      headers: { "user-agent": "AuditTest/1.0" },
    });
    expectOk(res);
    for (const tenantId of [a, b]) {
      const { data } = await page(owner, tenantId, "?action=auth.sign_in");
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        action: "auth.sign_in",
        actor: { type: "user", id: owner.id, name: owner.name, email: owner.email },
        ip: "203.0.113.9",
        userAgent: "AuditTest/1.0",
        description: "Signed in",
      });
    }
  });

  it("refuses updates and deletes of events outside the purge", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    expectOk(await login(t, owner.email, owner.password));
    const [event] = await events(tenantId);
    expect(event).toBeDefined();
    await expect(
      t.database.db.execute(
        sql`update audit_events set action = 'auth.sign_in', ip = '1.1.1.1' where id = ${event!.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from audit_events where id = ${event!.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await events(tenantId, sql`id = ${event!.id}`)).toHaveLength(1);
  });

  it("is read by owners and admins only (Viewer, Developer, Finance get 403)", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    const admin = await memberWithRole(t, tenantId, "admin");
    expectOk(await inTenant(t, admin, tenantId)("GET", "/api/tenant/audit"));
    for (const key of ["viewer", "developer", "finance", "operator"] as const) {
      const member = await memberWithRole(t, tenantId, key);
      expectCode(await inTenant(t, member, tenantId)("GET", "/api/tenant/audit"), 403, 40300);
      expectCode(await inTenant(t, member, tenantId)("GET", "/api/tenant/audit/export"), 403, 40300);
    }
  });

  it("gives existing organisations' Admin role audit:read (migration)", async () => {
    const rows = await queryRows<{ missing: number }>(
      t.database.db,
      sql`select count(*)::int as missing from roles where key = 'admin' and not permissions ? 'audit:read'`,
    );
    expect(rows[0]!.missing).toBe(0);
  });

  it("filters by person, action and day, and pages by keyset without gaps or repeats", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    const admin = await memberWithRole(t, tenantId, "admin");
    for (let i = 0; i < 3; i++) expectOk(await login(t, owner.email, owner.password));
    for (let i = 0; i < 2; i++) expectOk(await login(t, admin.email, admin.password));
    const mine = await page(owner, tenantId, `?actor=${admin.id}&action=auth`);
    expect(mine.data.map((e) => e.actor.id)).toEqual([admin.id, admin.id]);
    const seen: AuditEventView[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const next: AuditPage = await page(
        owner,
        tenantId,
        `?action=auth.sign_in&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...next.data);
      cursor = next.nextCursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((e) => e.id)).size).toBe(5);
    const times = seen.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await page(owner, tenantId, "?to=2000-01-01")).data).toEqual([]);
    expect((await page(owner, tenantId, "?from=2000-01-01&action=auth.sign_in")).data).toHaveLength(5);
    expectCode(await inTenant(t, owner, tenantId)("GET", "/api/tenant/audit?action=nope.never"), 400, 40001);
    expectFieldError(
      await inTenant(t, owner, tenantId)("GET", "/api/tenant/audit?cursor=garbage"),
      "cursor",
      "invalid",
    );
  });

  it("downloads the filtered log as CSV in the reader's language, and records the download", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    expectOk(
      await login(t, owner.email, owner.password, { headers: { "user-agent": "=cmd|' /C calc'!A0" } }),
    );
    const res = await inTenant(t, owner, tenantId)("GET", "/api/tenant/audit/export?action=auth", undefined, {
      "x-locale": "es",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Descripción");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Inició sesión");
    // A user agent is typed by whoever signs in: never a formula in a spreadsheet.
    expect(lines[1]).toContain("'=cmd");
    const downloads = await events(tenantId, sql`action = 'export.downloaded'`);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({ actor_id: owner.id, details: { kind: "audit", format: "csv" } });
  });

  it("purges events older than AUDIT_RETENTION_DAYS and keeps the rest", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    expectOk(await login(t, owner.email, owner.password));
    expectOk(await login(t, owner.email, owner.password));
    const all = await events(tenantId);
    const old = all[0];
    // Ageing a row needs the purge's own permission: the trigger refuses anyone else.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('nc.audit_purge', 'on', true)`);
      await tx.execute(
        sql`update audit_events set created_at = now() - interval '366 days' where id = ${old!.id}`,
      );
    });
    const removed = await t.app.services.audit.purge();
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await events(tenantId);
    expect(left.map((e) => e.id)).not.toContain(old!.id);
    expect(left).toHaveLength(all.length - 1);
  });
});
