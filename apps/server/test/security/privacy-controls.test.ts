import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { queryRows } from "../../src/db/query";
import { jobWorker } from "../../src/features/job/worker";
import { purgeExpired } from "../../src/features/system/housekeeping";
import {
  call,
  codeFor,
  expectError,
  expectFieldError,
  expectOk,
  login,
  registerUser,
  sessionUser,
} from "../helpers/accounts";
import { keyCaller } from "../helpers/api-client";
import { fundedTenant } from "../helpers/billing";
import { expectProofsRefused } from "../helpers/proofs";
import { createTenant, inTenant, memberWithRole, roleId } from "../helpers/tenancy";
import { makeTenantFixture, type TenantFixture } from "../helpers/tenant-fixture";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** Every file of a zip, as text. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const count = async (t: TestApp, statement: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.database.db, statement))[0]!.n;

/**
 * Privacy controls (docs/security.md, "Privacy: export and deletion"): account deletion, an
 * organisation's deletion with its grace period and purge, and the data archive, each confirmed
 * again and recorded in the audit log; nobody but the organisation's own Owner can do them.
 */
describe("security: privacy controls", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const actions = async (tenantId: string) =>
    (
      await queryRows<{ action: string }>(
        t.database.db,
        sql`select action from audit_events where tenant_id = ${tenantId} order by created_at, id`,
      )
    ).map((r) => r.action);

  /** An account's deletion grace period ends, and the housekeeping runs. */
  async function graceOver(userId: string) {
    await t.database.db.execute(
      sql`update users set purge_after = now() - interval '1 minute' where id = ${userId}`,
    );
    await purgeExpired(t.app);
  }

  /** A basic-check list job, checked and charged to the end. */
  async function finishedJob(api: ReturnType<typeof inTenant>, numbers: string[]) {
    const job = expectOk<{ id: string }>(await api("POST", "/api/tenant/job", { service: "basic", numbers }));
    await jobWorker(t.database.db, t.app.services, t.app.jobs.service, t.app.jobs.processor, {
      batch: 100,
      concurrency: 2,
      leaseSeconds: 60,
    }).drain();
    return job;
  }

  describe("deleting one's account", () => {
    it("is refused while the person is the last owner, naming the organisations", async () => {
      const owner = await registerUser(t);
      const tenantId = await createTenant(t, owner, "Only Owner Org");
      const res = await call(
        t,
        "POST",
        "/api/tenant/uc/delete",
        { password: owner.password },
        { sid: owner.sid },
      );
      const envelope = expectError<{ tenants: { id: string; name: string }[] }>(res, 400, 40080);
      expect(envelope.data.tenants).toEqual([{ id: tenantId, name: "Only Owner Org" }]);
      expect(envelope.msg).toContain("Only Owner Org");
      expect(await sessionUser(t, owner.sid)).not.toBeNull();

      // In Spanish too.
      const es = await call(
        t,
        "POST",
        "/api/tenant/uc/delete",
        { password: owner.password },
        {
          sid: owner.sid,
          headers: { "x-locale": "es" },
        },
      );
      expect(expectError(es, 400, 40080).msg).toMatch(/Eres el último propietario de “Only Owner Org”/);
    });

    it("needs the password or an e-mailed code, and refuses a wrong one", async () => {
      const person = await registerUser(t);
      // A missing or wrong proof, or no session at all, deletes nothing.
      await expectProofsRefused(t, "/api/tenant/uc/delete", person);
      expect(await sessionUser(t, person.sid)).not.toBeNull();
    });

    it("removes the person, their sessions and personal data; the ledger and log keep their records", async () => {
      const owner = await registerUser(t);
      const tenantId = await createTenant(t, owner, "Kept Org");
      const leaver = await memberWithRole(t, tenantId, "admin");
      const asLeaver = inTenant(t, leaver, tenantId);
      // A second session with address and browser in the audit log (a sign-in).
      const signIn = await login(t, leaver.email, leaver.password, {
        ip: "198.51.100.23",
        headers: { "user-agent": "Leaver Browser" },
      });
      expectOk(signIn);
      const key = expectOk<ApiKeyCreatedView>(
        await asLeaver("POST", "/api/tenant/apikey", { name: "leaver key", scopes: ["check"], mode: "test" }),
      );
      const billing = t.app.services.billing;
      await billing.credit({
        tenantId,
        tradeType: TRADE_TYPES.add,
        amountMicros: 2_000_000n,
        actor: { type: "user", id: leaver.id },
        note: `goodwill for ${leaver.email}`,
      });
      expect(
        (
          await keyCaller(t, key.secret)("POST", "/api/v1/check", {
            number: "+447400123456",
            service: "basic",
          })
        ).statusCode,
      ).toBe(200);

      // By e-mailed code this time.
      expectOk(await call(t, "POST", "/api/tenant/uc/confirm/code", {}, { sid: leaver.sid }));
      const code = await codeFor(t, leaver.email);
      const res = await call(t, "POST", "/api/tenant/uc/delete", { code }, { sid: leaver.sid });
      const done = expectOk<{ deleted: boolean; purgeAfter: string }>(res);
      expect(done.deleted).toBe(true);
      // The same grace period as an organisation's deletion.
      const graceMs = t.app.services.config.TENANT_DELETION_GRACE_DAYS * 86_400_000;
      expect(Math.abs(Date.parse(done.purgeAfter) - (Date.now() + graceMs))).toBeLessThan(60_000);
      expect(res.cookies.find((c) => c.name === "sid")?.value).toBe("");

      // At once: signed out everywhere, the key stops; the account waits for the grace period.
      expect(await sessionUser(t, leaver.sid)).toBeNull();
      expect(await sessionUser(t, signIn.cookies.find((c) => c.name === "sid")!.value)).toBeNull();
      expectError(
        await keyCaller(t, key.secret)("POST", "/api/v1/check", {
          number: "+447400123456",
          service: "basic",
        }),
        403,
        40312,
      );
      expect(
        await count(
          t,
          sql`select count(*)::int as n from users where id = ${leaver.id} and status = 'pending_deletion'`,
        ),
      ).toBe(1);
      expect(await actions(tenantId)).toContain("account.deletion_requested");
      const told = await queryRows<{ subject: string }>(
        t.database.db,
        sql`select subject from email_outbox where recipient = ${leaver.email} order by created_at desc limit 1`,
      );
      expect(told[0]?.subject).toMatch(new RegExp(`will be deleted on ${done.purgeAfter.slice(0, 10)}`));

      // The grace period over, the housekeeping erases the person.
      await graceOver(leaver.id);
      expect(await count(t, sql`select count(*)::int as n from users where id = ${leaver.id}`)).toBe(0);
      expect(await count(t, sql`select count(*)::int as n from sessions where user_id = ${leaver.id}`)).toBe(
        0,
      );
      expect(
        await count(t, sql`select count(*)::int as n from email_codes where email = ${leaver.email}`),
      ).toBe(0);
      // What was mailed to them is gone with them.
      expect(
        await count(t, sql`select count(*)::int as n from email_outbox where recipient = ${leaver.email}`),
      ).toBe(0);
      // The ledger keeps the amount, without who did it or the note that named them.
      const [entry] = await queryRows<{
        amount_micros: string;
        actor_id: string | null;
        note: string | null;
      }>(
        t.database.db,
        sql`select amount_micros::text, actor_id, note from ledger_entries
            where tenant_id = ${tenantId} and actor_type = 'user'`,
      );
      expect(entry).toEqual({ amount_micros: "2000000", actor_id: null, note: null });
      // The audit log keeps the events, without the person's address and browser.
      expect(
        await count(
          t,
          sql`select count(*)::int as n from audit_events where actor_id = ${leaver.id}
              and (ip is not null or user_agent is not null)`,
        ),
      ).toBe(0);
      expect(await actions(tenantId)).toEqual(expect.arrayContaining(["auth.sign_in", "account.deleted"]));
      // Their key follows the rule for keys whose creator left: it stops (docs/api.md).
      const after = await keyCaller(t, key.secret)("POST", "/api/v1/check", {
        number: "+447400123456",
        service: "basic",
      });
      expectError(after, 403, 40312);
      // The organisation and its owner are untouched.
      expect(await sessionUser(t, owner.sid)).not.toBeNull();
    });

    it("is undone by signing in again during the grace period; the key works again", async () => {
      const owner = await registerUser(t);
      const tenantId = await createTenant(t, owner, "Comeback Org");
      const member = await memberWithRole(t, tenantId, "developer");
      const key = expectOk<ApiKeyCreatedView>(
        await inTenant(t, member, tenantId)("POST", "/api/tenant/apikey", {
          name: "back key",
          scopes: ["check"],
          mode: "test",
        }),
      );
      const check = () =>
        keyCaller(t, key.secret)("POST", "/api/v1/check", { number: "+447400123456", service: "basic" });
      expectOk(
        await call(t, "POST", "/api/tenant/uc/delete", { password: member.password }, { sid: member.sid }),
      );
      expectError(await check(), 403, 40312);

      const back = await login(t, member.email, member.password);
      expectOk(back);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from users
              where id = ${member.id} and status = 'active' and purge_after is null`,
        ),
      ).toBe(1);
      expect(await actions(tenantId)).toEqual(
        expect.arrayContaining(["account.deletion_requested", "account.restored"]),
      );
      expect((await check()).statusCode).toBe(200);
      // Restored, the housekeeping leaves the person alone.
      await purgeExpired(t.app);
      expect(await count(t, sql`select count(*)::int as n from users where id = ${member.id}`)).toBe(1);
    });

    it("is allowed once ownership is handed over", async () => {
      const owner = await registerUser(t);
      const tenantId = await createTenant(t, owner, "Handed Over Org");
      const heir = await memberWithRole(t, tenantId, "viewer");
      expectOk(
        await inTenant(t, owner, tenantId)("POST", `/api/tenant/tenant_user/s/${heir.id}`, {
          roleId: await roleId(t, tenantId, "owner"),
        }),
      );
      expectOk(
        await call(t, "POST", "/api/tenant/uc/delete", { password: owner.password }, { sid: owner.sid }),
      );
      await graceOver(owner.id);
      expect(
        await count(t, sql`select count(*)::int as n from tenant_members where tenant_id = ${tenantId}`),
      ).toBe(1);
    });

    it("an owner waiting to be deleted does not count: the other owner cannot leave", async () => {
      const first = await registerUser(t);
      const tenantId = await createTenant(t, first, "Waiting Owner Org");
      const second = await memberWithRole(t, tenantId, "owner");
      expectOk(
        await call(t, "POST", "/api/tenant/uc/delete", { password: first.password }, { sid: first.sid }),
      );
      expectError(await inTenant(t, second, tenantId)("POST", `/api/tenant/s/${tenantId}/leave`), 400, 40021);
      // Nor can they now delete their own account: they are the only owner left.
      expectError(
        await call(t, "POST", "/api/tenant/uc/delete", { password: second.password }, { sid: second.sid }),
        400,
        40080,
      );
    });

    it("two owners deleting their accounts at once cannot leave the organisation without one", async () => {
      const first = await registerUser(t);
      const tenantId = await createTenant(t, first, "Two Owners Org");
      const second = await memberWithRole(t, tenantId, "owner");
      const answers = await Promise.all(
        [first, second].map((who) =>
          call(t, "POST", "/api/tenant/uc/delete", { password: who.password }, { sid: who.sid }),
        ),
      );
      const codes = answers.map((res) => (res.json() as { code: number }).code).sort();
      expect(codes).toEqual([0, 40080]);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from tenant_members m join roles r on r.id = m.role_id
              join users u on u.id = m.user_id and u.status = 'active'
              where m.tenant_id = ${tenantId} and r.is_super`,
        ),
      ).toBe(1);
    });
  });

  describe("deleting an organisation", () => {
    let f: TenantFixture;
    let other: TenantFixture;
    beforeAll(async () => {
      f = await makeTenantFixture(t, "Doomed");
      other = await makeTenantFixture(t, "Bystander");
    });

    it("only its own Owner may, with the password or a code", async () => {
      const url = `/api/tenant/s/${f.tenantId}/delete`;
      const admin = await memberWithRole(t, f.tenantId, "admin");
      expectError(
        await inTenant(t, admin, f.tenantId)("POST", url, { password: admin.password }),
        403,
        40024,
      );
      expectError(
        await inTenant(t, f.member, f.tenantId)("POST", url, { password: f.member.password }),
        403,
        40024,
      );
      const stranger = await inTenant(t, other.owner, f.tenantId)("POST", url, {
        password: other.owner.password,
      });
      expect(stranger.json()).toMatchObject({ code: 40036, data: null });
      const asOwner = inTenant(t, f.owner, f.tenantId);
      expectFieldError(await asOwner("POST", url, {}), "password", "required");
      expectError(await asOwner("POST", url, { password: "Wrong-password-9" }), 400, 40012);
      expectError(await asOwner("POST", url, { code: "123456" }), 400, 40004);
      const [row] = await queryRows<{ status: string }>(
        t.database.db,
        sql`select status from tenants where id = ${f.tenantId}`,
      );
      expect(row!.status).toBe("active");
    });

    it("is refused while jobs run, and while money is left unless the Owner gives it up", async () => {
      const asOwner = inTenant(t, f.owner, f.tenantId);
      const url = `/api/tenant/s/${f.tenantId}/delete`;
      await t.database.db.execute(
        sql`insert into detection_jobs (id, tenant_id, kind, channel, service, status)
            values (gen_random_uuid(), ${f.tenantId}, 'list', 'web', 'basic', 'queued')`,
      );
      expectError(
        await asOwner("POST", url, { password: f.owner.password, forfeitBalance: true }),
        409,
        40911,
      );
      await t.database.db.execute(
        sql`delete from detection_jobs where tenant_id = ${f.tenantId} and status = 'queued'`,
      );
      const left = expectError<{ balanceMicros: string }>(
        await asOwner("POST", url, { password: f.owner.password }),
        409,
        40910,
      );
      expect(left.data.balanceMicros).toBe("1000000");
      expect(left.msg).toMatch(/1\.00 is left on the balance/);
    });

    it("stops members and API keys during the grace period; the Owner restores it", async () => {
      const asOwner = inTenant(t, f.owner, f.tenantId);
      const key = expectOk<ApiKeyCreatedView>(
        await asOwner("POST", "/api/tenant/apikey", { name: "doomed key", scopes: ["check"], mode: "test" }),
      );
      const check = () =>
        keyCaller(t, key.secret)("POST", "/api/v1/check", { number: "+447400123456", service: "basic" });
      expect((await check()).statusCode).toBe(200);

      const deleted = expectOk<{ status: string; purgeAfter: string }>(
        await asOwner("POST", `/api/tenant/s/${f.tenantId}/delete`, {
          password: f.owner.password,
          forfeitBalance: true,
        }),
      );
      expect(deleted.status).toBe("pending_deletion");
      const days = (Date.parse(deleted.purgeAfter) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);

      // Members, and the Owner outside restore and export, are sent to tenant selection.
      expect(
        (await inTenant(t, f.member, f.tenantId)("GET", "/api/tenant/tenant_user")).json(),
      ).toMatchObject({
        code: 40081,
      });
      expect((await asOwner("GET", "/api/tenant/tenant_user")).json()).toMatchObject({ code: 40081 });
      expect(
        (
          await inTenant(t, f.member, f.tenantId)("POST", `/api/tenant/s/${f.tenantId}/restore`, {
            password: f.member.password,
          })
        ).json(),
      ).toMatchObject({ code: 40081 });
      expect((await check()).statusCode).toBe(401);
      // The list says when the data goes.
      const list = expectOk<{ tenantId: string; status: string; purgeAfter: string | null }[]>(
        await call(t, "GET", "/api/tenant", undefined, { sid: f.owner.sid }),
      );
      expect(list.find((x) => x.tenantId === f.tenantId)).toMatchObject({
        status: "pending_deletion",
        purgeAfter: deleted.purgeAfter,
      });

      // Another organisation's owner cannot restore it.
      expect(
        (
          await inTenant(t, other.owner, f.tenantId)("POST", `/api/tenant/s/${f.tenantId}/restore`, {
            password: other.owner.password,
          })
        ).json(),
      ).toMatchObject({ code: 40036 });
      expectError(
        await asOwner("POST", `/api/tenant/s/${f.tenantId}/restore`, { password: "Wrong-password-9" }),
        400,
        40012,
      );
      expect(
        expectOk(
          await asOwner("POST", `/api/tenant/s/${f.tenantId}/restore`, { password: f.owner.password }),
        ),
      ).toEqual({
        id: f.tenantId,
        status: "active",
        purgeAfter: null,
      });
      expectError(
        await asOwner("POST", `/api/tenant/s/${f.tenantId}/restore`, { password: f.owner.password }),
        409,
        40912,
      );
      expectOk(await inTenant(t, f.member, f.tenantId)("GET", "/api/tenant/tenant_user"));
      const back = await check();
      expect(back.statusCode).toBe(200);
      expect(await actions(f.tenantId)).toEqual(
        expect.arrayContaining(["organisation.deletion_requested", "organisation.restored"]),
      );
    });

    it("after the grace period removes the data and keeps the ledger without personal fields", async () => {
      const asOwner = inTenant(t, f.owner, f.tenantId);
      // Results, a fraud list, and a ledger row that names a person.
      const job = await finishedJob(asOwner, ["+447400100001", "+447400100002"]);
      expectOk(await asOwner("POST", "/api/tenant/fraud-list", { kind: "block", entries: ["+44 7700 900"] }));
      await t.app.services.billing.credit({
        tenantId: f.tenantId,
        tradeType: TRADE_TYPES.add,
        amountMicros: 500_000n,
        actor: { type: "user", id: f.owner.id },
        note: `credit for ${f.owner.email}`,
      });
      const ledgerBefore = await count(
        t,
        sql`select count(*)::int as n from ledger_entries where tenant_id = ${f.tenantId}`,
      );
      expectOk(
        await asOwner("POST", `/api/tenant/s/${f.tenantId}/delete`, {
          password: f.owner.password,
          forfeitBalance: true,
        }),
      );
      // Not yet: the grace period runs.
      await purgeExpired(t.app);
      expect(await count(t, sql`select count(*)::int as n from detection_jobs where id = ${job.id}`)).toBe(1);
      // Its two basic checks, answered while read, are one chunk of items (item-chunks.ts).
      expect(
        await count(t, sql`select count(*)::int as n from detection_item_chunks where job_id = ${job.id}`),
      ).toBe(1);

      await t.database.db.execute(
        sql`update tenants set purge_after = now() - interval '1 minute' where id = ${f.tenantId}`,
      );
      await purgeExpired(t.app);

      for (const table of [
        "detection_jobs",
        "fraud_list_entries",
        "webhook_endpoints",
        "webhook_deliveries",
        "api_keys",
        "tenant_members",
        "roles",
        "invitations",
        "notices",
      ])
        expect(
          await count(
            t,
            sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${f.tenantId}`,
          ),
          table,
        ).toBe(0);
      for (const table of ["detection_items", "detection_item_chunks"])
        expect(
          await count(
            t,
            sql`select count(*)::int as n from ${sql.identifier(table)} where job_id = ${job.id}`,
          ),
          table,
        ).toBe(0);
      // The ledger stays, one row more (the balance written off), with no person in it.
      const ledger = await queryRows<{
        trade_type: number;
        amount_micros: string;
        actor_id: string | null;
        note: string | null;
        note_key: string | null;
        balance_after_micros: string;
      }>(
        t.database.db,
        sql`select trade_type, amount_micros::text, actor_id, note, note_key, balance_after_micros::text
            from ledger_entries where tenant_id = ${f.tenantId} order by created_at, id`,
      );
      expect(ledger).toHaveLength(ledgerBefore + 1);
      expect(ledger.filter((r) => r.note?.includes(f.owner.email))).toEqual([]);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from ledger_entries where tenant_id = ${f.tenantId}
              and actor_type = 'user' and actor_id is not null`,
        ),
      ).toBe(0);
      const last = ledger.at(-1)!;
      expect(last).toMatchObject({
        trade_type: TRADE_TYPES.sub,
        note_key: "forfeitedOnDeletion",
        balance_after_micros: "0",
      });
      expect(await t.app.services.billing.verify(f.tenantId)).toBeTruthy();
      const [tenant] = await queryRows<{ status: string; name: string }>(
        t.database.db,
        sql`select status, name from tenants where id = ${f.tenantId}`,
      );
      expect(tenant!.status).toBe("deleted");
      expect(tenant!.name).not.toContain("Doomed");
      // Only the purge itself is left in its log; the bystander lost nothing.
      expect(await actions(f.tenantId)).toEqual(["organisation.purged"]);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from tenant_members where tenant_id = ${other.tenantId}`,
        ),
      ).toBe(2);
      expect((await inTenant(t, f.owner, f.tenantId)("GET", "/api/tenant/tenant_user")).json()).toMatchObject(
        {
          code: 40036,
        },
      );
      // The owner's account is free to go now.
      expectOk(
        await call(t, "POST", "/api/tenant/uc/delete", { password: f.owner.password }, { sid: f.owner.sid }),
      );
    });
  });

  describe("exporting an organisation's data", () => {
    it("is one zip with every file and no secret, for the Owner only", async () => {
      const f = await makeTenantFixture(t, "Exported");
      const asOwner = inTenant(t, f.owner, f.tenantId);
      const url = `/api/tenant/s/${f.tenantId}/export`;
      const key = expectOk<ApiKeyCreatedView>(
        await asOwner("POST", "/api/tenant/apikey", { name: "export key", scopes: ["check"], mode: "test" }),
      );
      const job = await finishedJob(asOwner, ["+447400100011", "+447400100012"]);
      // Two single checks: two rows of one day's job, each in the export with its own number.
      for (const number of ["+447400100013", "+447400100014"])
        expectOk(await asOwner("POST", "/api/tenant/detection/check", { service: "basic", number }));
      expectOk(await asOwner("POST", "/api/tenant/fraud-list", { kind: "block", entries: ["+44 7700 901"] }));
      const [hook] = await queryRows<{ secret: string }>(
        t.database.db,
        sql`select secret from webhook_endpoints where tenant_id = ${f.tenantId}`,
      );

      expectError(
        await inTenant(t, f.member, f.tenantId)("POST", url, { password: f.member.password }),
        403,
        40024,
      );
      const admin = await memberWithRole(t, f.tenantId, "admin");
      expectError(
        await inTenant(t, admin, f.tenantId)("POST", url, { password: admin.password }),
        403,
        40024,
      );
      const stranger = await makeTenantFixture(t, "Stranger");
      expect(
        (
          await inTenant(t, stranger.owner, f.tenantId)("POST", url, { password: stranger.owner.password })
        ).json(),
      ).toMatchObject({ code: 40036, data: null });
      expectFieldError(await asOwner("POST", url, {}), "password", "required");
      expectError(await asOwner("POST", url, { password: "Wrong-password-9" }), 400, 40012);
      expect(await actions(f.tenantId)).not.toContain("organisation.exported");

      const res = await asOwner("POST", url, { password: f.owner.password });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/zip");
      expect(res.headers["content-disposition"]).toMatch(
        /attachment; filename="organisation-[0-9a-f]{8}-\d{4}-\d\d-\d\d\.zip"/,
      );
      const files = await unzip(res.rawPayload);
      expect([...files.keys()].sort()).toEqual(
        [
          "api-keys.csv",
          "audit-log.csv",
          "fraud-lists.csv",
          `job-results/${job.id}.csv`,
          "jobs.csv",
          "members.csv",
          "organisation.json",
          "roles.json",
          "single-checks.csv",
          "transactions.csv",
          "webhooks.csv",
        ].sort(),
      );
      expect(JSON.parse(files.get("organisation.json")!)).toMatchObject({
        id: f.tenantId,
        name: "Exported Org",
      });
      expect(files.get("members.csv")).toContain(f.owner.email);
      expect(files.get("members.csv")).toContain(f.member.email);
      expect(files.get(`job-results/${job.id}.csv`)).toContain("+447400100011");
      expect(files.get("jobs.csv")).toContain(job.id);
      const singles = files.get("single-checks.csv")!.trim().split(/\r?\n/);
      expect(singles).toHaveLength(3);
      expect(singles[1]).toContain("+447400100013");
      expect(singles[2]).toContain("+447400100014");
      // The result as the view that was answered, though stored packed (detection/packed-result.ts).
      expect(singles[1]).toContain(
        '""formats"":{""e164"":""+447400100013"",""international"":""+44 7400 100013""',
      );
      expect(files.get("api-keys.csv")).toContain(key.key.hint);
      expect(files.get("fraud-lists.csv")).toContain("+447700901");
      expect(files.get("webhooks.csv")).toContain("https://203.0.113.10/hooks");
      expect(files.get("audit-log.csv")).toContain("api_key.created");
      const everything = [...files.values()].join("\n");
      expect(everything).not.toContain(key.secret);
      expect(everything).not.toContain(hook!.secret);
      const [digest] = await queryRows<{ digest: string }>(
        t.database.db,
        sql`select digest from api_keys where id = ${key.key.id}`,
      );
      expect(everything).not.toContain(digest!.digest);
      expect(everything).not.toMatch(/argon2id/);
      expect(await actions(f.tenantId)).toContain("organisation.exported");
    });

    it("gives each uploaded job's rows with the customer's own columns, as the job's download does", async () => {
      const f = await fundedTenant(t, 100_000_000n);
      const csv = ["Name,E-mail,Phone", '"Smith, Jane",jane@example.com,+447400100021', "Bob,,+447400100022"];
      const read = await t.app.inject({
        method: "POST",
        url: "/api/tenant/job/upload?service=basic&fileName=crm.csv",
        payload: csv.join("\r\n"),
        headers: { "content-type": "application/octet-stream", "x-tenant-id": f.tenantId },
        cookies: { sid: f.owner.sid },
      });
      const jobId = expectOk<{ job: { id: string } }>(read).job.id;
      expectOk(await f.api("POST", `/api/tenant/job/s/${jobId}/submit`));
      await jobWorker(t.database.db, t.app.services, t.app.jobs.service, t.app.jobs.processor, {
        batch: 100,
        concurrency: 2,
        leaseSeconds: 60,
      }).drain();
      const download = await f.api("GET", `/api/tenant/job/s/${jobId}/download?format=csv`);

      const res = await f.api("POST", `/api/tenant/s/${f.tenantId}/export`, { password: f.owner.password });
      expect(res.statusCode).toBe(200);
      const results = (await unzip(res.rawPayload)).get(`job-results/${jobId}.csv`)!;
      const [header, first, second] = results.replace(/^\uFEFF/, "").split("\r\n");
      expect(header).toMatch(/^Name,E-mail,Phone,Row,Input,/);
      expect(first).toMatch(/^"Smith, Jane",jane@example.com,\+447400100021,1,\+447400100021,/);
      expect(second).toMatch(/^Bob,,\+447400100022,2,/);
      // The same rows as the job's own results file.
      expect(results.replace(/^\uFEFF/, "")).toBe(download.body.replace(/^\uFEFF/, ""));
    });
  });
});
