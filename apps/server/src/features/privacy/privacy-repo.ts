import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import { type SQL, sql } from "drizzle-orm";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { claimPurge, dueForPurge, markPendingDeletion, restoreFromDeletion } from "../../db/deletion-grace";
import { exactUtc, queryRows } from "../../db/query";
import type { AuditListRow } from "../audit/index";
import type { PackedResult } from "../detection/index";
import type { JobRow } from "../job/index";

export type Runner = Pick<Db, "execute">;

/**
 * Lets this transaction change audit rows (migration 0022's trigger); only erasure of personal
 * fields and the removal of a deleted organisation's log use it here.
 */
const ALLOW_AUDIT_CHANGE = sql`select set_config('nc.audit_purge', 'on', true)`;

/** Statuses in which an organisation is on its way out: it blocks nobody's account deletion. */
const LEAVING = sql`('pending_deletion', 'purging', 'deleted')`;

export interface OwnedTenant {
  id: string;
  name: string;
}

export interface ErasedUser {
  id: string;
  partnerId: string;
  email: string;
  name: string;
}

export interface TenantForDeletion {
  status: string;
  balance_micros: string;
  currency: string;
  open_jobs: number;
}

export interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  role_name: string;
  role_key: string | null;
  joined_at: string;
}

/** A job as the archive lists it: the job's own columns, its times in the organisation's zone. */
export type JobListRow = Pick<
  JobRow,
  | "id"
  | "kind"
  | "channel"
  | "service"
  | "status"
  | "total"
  | "done"
  | "failed"
  | "duplicates"
  | "invalid"
  | "charged_micros"
  | "currency"
  | "file_name"
> & {
  /** Exact UTC text, for the keyset cursor. */
  created_at: string;
  local_created: string;
  local_finished: string | null;
};

/** One single check: an item of its day's job (docs/architecture.md, "A check costs one row"). */
export interface SingleCheckRow {
  job_id: string;
  seq: number;
  channel: string;
  service: string;
  currency: string;
  input: string;
  e164: string | null;
  item_status: string;
  outcome: string | null;
  cost_micros: string;
  local_checked: string;
  /** Stored packed, or as the view for checks stored before packing (detection/packed-result.ts). */
  result: PackedResult | SingleCheckResultView | null;
}

/** Where a page of single checks ends: the job (by its keyset) and the place in it. */
export interface SingleCheckCursor extends Cursor {
  seq: number;
}

const localTime = (column: SQL, timeZone: string) =>
  sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** A person's own data as their export lists it (docs/security.md, "Privacy: export and deletion"). */
export interface PersonalProfileRow {
  id: string;
  email: string;
  name: string;
  locale: string | null;
  created_at: string;
  password_changed_at: string | null;
  two_factor: boolean;
}
export interface PersonalMembershipRow {
  tenant_id: string;
  name: string;
  status: string;
  role: string;
  joined_at: string;
}
export interface PersonalSessionRow {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}
export type PersonalAuditRow = Pick<
  AuditListRow,
  "action" | "target_type" | "target_id" | "details" | "ip" | "user_agent" | "created_at"
> & { tenant_id: string | null };

/** All SQL of the privacy controls (docs/security.md, "Privacy: export and deletion"). */
export function privacyRepo(db: Db) {
  return {
    /**
     * Locks the organisations the user belongs to (in id order, as every other path that locks
     * several does), so no owner can leave or be demoted while the account's deletion is decided.
     */
    async lockMemberships(tx: Runner, userId: string): Promise<void> {
      await tx.execute(
        sql`select t.id from tenants t join tenant_members m on m.tenant_id = t.id
            where m.user_id = ${userId} order by t.id for update of t`,
      );
    },

    /**
     * Organisations (not already being deleted) in which the user is the only owner; an owner whose
     * own account waits to be deleted does not count as another.
     */
    soleOwnerOf: (tx: Runner, userId: string) =>
      queryRows<OwnedTenant>(
        tx,
        sql`select t.id, t.name from tenant_members m
            join roles r on r.id = m.role_id
            join tenants t on t.id = m.tenant_id
            where m.user_id = ${userId} and r.is_super and t.status not in ${LEAVING}
              and not exists (
                select 1 from tenant_members o join roles ro on ro.id = o.role_id
                join users ou on ou.id = o.user_id and ou.status = 'active'
                where o.tenant_id = m.tenant_id and ro.is_super and o.user_id <> m.user_id)
            order by t.name, t.id`,
      ),

    /**
     * Removes a person: what names them in the organisations' records is cleared (the ledger keeps
     * its amounts, the audit log its events), then the user row goes and with it, by the foreign
     * keys, sessions, codes, memberships and notices; "made by" columns become null.
     */
    async eraseUser(tx: Runner, user: ErasedUser): Promise<void> {
      await tx.execute(ALLOW_AUDIT_CHANGE);
      await tx.execute(
        sql`update audit_events set ip = null, user_agent = null
            where actor_type = 'user' and actor_id = ${user.id} and (ip is not null or user_agent is not null)`,
      );
      await tx.execute(
        sql`update audit_events set details = details - 'name' - 'email'
            where (details ? 'name' or details ? 'email')
              and ((target_type = 'user' and target_id = ${user.id}) or details ->> 'email' = ${user.email})`,
      );
      await tx.execute(
        sql`update ledger_entries set actor_id = null where actor_type = 'user' and actor_id = ${user.id}`,
      );
      // Free text (an operator's note) that names the person by address or, when long enough to
      // mean something, by name. Notes the product writes (note_key) never hold a person.
      const named = [sql`strpos(lower(note), lower(${user.email})) > 0`];
      if (user.name.trim().length >= 3) named.push(sql`strpos(lower(note), lower(${user.name.trim()})) > 0`);
      await tx.execute(
        sql`update ledger_entries set note = null
            where note_key is null and note is not null
              and tenant_id in (select id from tenants where partner_id = ${user.partnerId})
              and (${sql.join(named, sql` or `)})`,
      );
      await tx.execute(
        sql`delete from email_codes where partner_id = ${user.partnerId} and email = ${user.email}`,
      );
      await tx.execute(
        sql`delete from email_outbox where partner_id = ${user.partnerId} and recipient = ${user.email}`,
      );
      await tx.execute(sql`delete from users where id = ${user.id}`);
    },

    /** The person's own account row, without anything secret (no password digest, no factors). */
    async personalProfile(userId: string): Promise<PersonalProfileRow | undefined> {
      const rows = await queryRows<PersonalProfileRow>(
        db,
        sql`select u.id, u.email, u.name, u.locale, ${exactUtc("u.created_at")} as created_at,
                   ${exactUtc("u.password_changed_at")} as password_changed_at,
                   exists (select 1 from user_two_factor f where f.user_id = u.id and f.enabled_at is not null)
                     as two_factor
            from users u where u.id = ${userId}`,
      );
      return rows[0];
    },

    personalMemberships: (userId: string) =>
      queryRows<PersonalMembershipRow>(
        db,
        sql`select t.id as tenant_id, t.name, t.status, r.name as role, ${exactUtc("m.created_at")} as joined_at
            from tenant_members m join tenants t on t.id = m.tenant_id join roles r on r.id = m.role_id
            where m.user_id = ${userId} order by m.created_at, t.id`,
      ),

    /** At most `limit` sessions, newest first (the caller asks for one more to know it stopped). */
    personalSessions: (userId: string, limit: number) =>
      queryRows<PersonalSessionRow>(
        db,
        sql`select id, ${exactUtc("created_at")} as created_at, ${exactUtc("last_seen_at")} as last_seen_at,
                   ${exactUtc("expires_at")} as expires_at, ip, user_agent
            from sessions where user_id = ${userId} and expires_at > now()
            order by created_at desc, id limit ${limit}`,
      ),

    /** What the person did, in every organisation and outside any, newest first, at most `limit`. */
    personalAuditEvents: (userId: string, limit: number) =>
      queryRows<PersonalAuditRow>(
        db,
        sql`select tenant_id, action, target_type, target_id, details, ip, user_agent,
                   ${exactUtc("created_at")} as created_at
            from audit_events where actor_type = 'user' and actor_id = ${userId}
            order by created_at desc, id desc limit ${limit}`,
      ),

    /** The organisation locked, with what decides whether it may be deleted now. */
    async lockForDeletion(tx: Runner, tenantId: string): Promise<TenantForDeletion | undefined> {
      const rows = await queryRows<TenantForDeletion>(
        tx,
        sql`select t.status, coalesce(a.balance_micros, 0)::text as balance_micros,
                   coalesce(a.currency, 'USD') as currency,
                   (select count(*)::int from detection_jobs j
                     where j.tenant_id = t.id and j.status in ('queued', 'running')) as open_jobs
            from tenants t left join accounts a on a.tenant_id = t.id
            where t.id = ${tenantId} for update of t`,
      );
      return rows[0];
    },

    // The grace period's steps are shared with a person's account (db/deletion-grace.ts).
    markPendingDeletion: (tx: Runner, tenantId: string, userId: string, graceDays: number) =>
      markPendingDeletion(tx, "tenants", tenantId, graceDays, sql`, deletion_requested_by = ${userId}`),

    restore: (tx: Runner, tenantId: string) =>
      restoreFromDeletion(tx, "tenants", tenantId, sql`, deletion_requested_by = null`),

    /** Organisations whose grace period is over, and purges a stopped process left half done. */
    due: () => dueForPurge(db, "tenants"),
    claimPurge: (tenantId: string) => claimPurge(db, "tenants", tenantId),

    markUserPendingDeletion: (tx: Runner, userId: string, graceDays: number) =>
      markPendingDeletion(tx, "users", userId, graceDays),

    /** Every session of the person ends: a deleted account is signed out everywhere. */
    async endSessions(tx: Runner, userId: string): Promise<void> {
      await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    },

    /** People whose account's grace period is over (their purge is one transaction: eraseUser). */
    dueUsers: () => dueForPurge(db, "users"),
    claimUserPurge: (userId: string) => claimPurge(db, "users", userId),

    /** Locks a purging account; undefined when another process has erased it meanwhile. */
    async lockUserPurging(tx: Runner, userId: string): Promise<ErasedUser | undefined> {
      const rows = await queryRows<ErasedUser>(
        tx,
        sql`select id, partner_id as "partnerId", email, name from users
            where id = ${userId} and status = 'purging' for update`,
      );
      return rows[0];
    },

    jobIds: (tenantId: string, limit = 100) =>
      queryRows<{ id: string }>(
        db,
        sql`select id from detection_jobs where tenant_id = ${tenantId} limit ${limit}`,
      ),

    /** Locks a purging organisation; null when another process has finished it meanwhile. */
    async lockPurging(tx: Runner, tenantId: string): Promise<{ balance_micros: string } | null> {
      const rows = await queryRows<{ balance_micros: string }>(
        tx,
        sql`select coalesce(a.balance_micros, 0)::text as balance_micros
            from tenants t left join accounts a on a.tenant_id = t.id
            where t.id = ${tenantId} and t.status = 'purging' for update of t`,
      );
      return rows[0] ?? null;
    },

    /**
     * Everything of the organisation but its money records goes; the ledger, reservations,
     * recharge orders and the account stay (bookkeeping law) with the fields that could name a
     * person cleared, and the organisation row stays, nameless, for them to point at.
     */
    async purgeRest(tx: Runner, tenantId: string): Promise<void> {
      for (const table of [
        "webhook_deliveries",
        "webhook_endpoints",
        "fraud_list_entries",
        "api_idempotency",
        "api_keys",
        "api_calls",
        "api_usage_daily",
        "api_usage_monthly",
        "api_usage_day_totals",
        "monthly_volumes",
        "invitations",
        "notices",
        "tenant_members",
        "roles",
        "price_entries",
      ])
        await tx.execute(sql`delete from ${sql.identifier(table)} where tenant_id = ${tenantId}`);
      await tx.execute(ALLOW_AUDIT_CHANGE);
      await tx.execute(sql`delete from audit_events where tenant_id = ${tenantId}`);
      await tx.execute(
        sql`update ledger_entries set actor_id = case when actor_type = 'user' then null else actor_id end,
                   note = case when note_key is null then null else note end,
                   idempotency_key = null
            where tenant_id = ${tenantId}`,
      );
      await tx.execute(
        sql`update recharge_orders set created_by = null, note = null where tenant_id = ${tenantId}`,
      );
      await tx.execute(
        sql`update tenants set status = 'deleted', name = ${`deleted-${tenantId.slice(0, 8)}`},
                   created_by = null, deletion_requested_by = null, purged_at = now()
            where id = ${tenantId}`,
      );
    },

    // --- reads of the data archive -------------------------------------------------------------

    members: (tenantId: string, timeZone: string) =>
      queryRows<MemberRow>(
        db,
        sql`select u.id as user_id, u.name, u.email, r.name as role_name, r.key as role_key,
                   ${localTime(sql`m.created_at`, timeZone)} as joined_at
            from tenant_members m join users u on u.id = m.user_id join roles r on r.id = m.role_id
            where m.tenant_id = ${tenantId} order by m.created_at, u.id`,
      ),

    roles: (tenantId: string) =>
      queryRows<{ id: string; key: string | null; name: string; is_super: boolean; permissions: string[] }>(
        db,
        sql`select id, key, name, is_super, permissions from roles where tenant_id = ${tenantId}
            order by created_at, id`,
      ),

    /** Jobs of lists and files after the cursor, oldest first. */
    jobsPage(tenantId: string, timeZone: string, limit: number, after?: Cursor) {
      return queryRows<JobListRow>(
        db,
        sql`select j.id, j.kind, j.channel, j.service, j.status, j.total, j.done, j.failed, j.duplicates,
                   j.invalid, j.charged_micros::text as charged_micros, j.currency, j.file_name,
                   ${exactUtc("j.created_at")} as created_at,
                   ${localTime(sql`j.created_at`, timeZone)} as local_created,
                   ${localTime(sql`j.finished_at`, timeZone)} as local_finished
            from detection_jobs j
            where j.tenant_id = ${tenantId} and j.kind <> 'single' and j.status <> 'draft'
              ${after ? sql`and (j.created_at, j.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by j.created_at, j.id limit ${limit}`,
      );
    },

    /** Single checks after the cursor, oldest day's job first and in order within it. */
    singleChecksPage(tenantId: string, timeZone: string, limit: number, after?: SingleCheckCursor) {
      return queryRows<SingleCheckRow & { created_at: string }>(
        db,
        sql`select i.job_id, i.seq, j.channel, j.service, j.currency, i.input, i.e164, i.status as item_status,
                   i.outcome, i.cost_micros::text as cost_micros, i.result,
                   ${exactUtc("j.created_at")} as created_at,
                   ${localTime(sql`i.finished_at`, timeZone)} as local_checked
            from detection_jobs j join detection_items i on i.job_id = j.id
            where j.tenant_id = ${tenantId} and j.kind = 'single'
              ${
                after
                  ? sql`and (j.created_at, j.id, i.seq) > (${after.createdAt}::timestamptz, ${after.id}::uuid, ${after.seq})`
                  : sql``
              }
            order by j.created_at, j.id, i.seq limit ${limit}`,
      );
    },

    webhooks: (tenantId: string, timeZone: string) =>
      queryRows<{
        id: string;
        url: string;
        description: string;
        events: string[];
        enabled: boolean;
        created_at: string;
      }>(
        db,
        sql`select id, url, description, events, enabled, ${localTime(sql`created_at`, timeZone)} as created_at
            from webhook_endpoints where tenant_id = ${tenantId} order by created_at, id`,
      ),

    /** Fraud list entries after (kind, entry), at most 1,000 a page (a list holds up to 100,000). */
    fraudListPage: (tenantId: string, timeZone: string, after: { kind: string; entry: string } | null) =>
      queryRows<{ kind: string; entry: string; note: string; created_at: string }>(
        db,
        sql`select kind, entry, note, ${localTime(sql`created_at`, timeZone)} as created_at
            from fraud_list_entries where tenant_id = ${tenantId}
              ${after ? sql`and (kind, entry) > (${after.kind}, ${after.entry})` : sql``}
            order by kind, entry limit 1000`,
      ),
  };
}

export type PrivacyRepo = ReturnType<typeof privacyRepo>;
