import { isLocale, type Locale } from "@nc/contracts/locales";
import { PERSONAL_EXPORT_LIMITS, type PersonalExport, type TenantDeletionView } from "@nc/contracts/privacy";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { AppError } from "../../core/app-error";
import { moneyParam } from "../../core/money";
import type { AuditMeta, Caller, TenantContext } from "../../core/request-context";
import { HOUR_MS, MINUTE_MS } from "../../core/time";
import type { Services } from "../../services";
import { auditWrites } from "../audit/index";
import type { UserRow } from "../auth/index";
import { verifyPassword } from "../auth/index";
import { jobRepo } from "../job/index";
import { enforceLimits } from "../rate-limit/index";
import { privacyRepo } from "./privacy-repo";
import { tenantArchive } from "./tenant-archive";

/** The proof a person gives again before their data is deleted or exported. */
export interface Proof {
  password?: string;
  code?: string;
}

/** What the housekeeping did in one round. */
export interface PurgeReport {
  tenants: number;
  jobs: number;
  users: number;
}

/** An event of the person's own account, without their address or browser. */
const personEvent = (userId: string, action: "account.deletion_requested" | "account.deleted") => ({
  actorType: "user" as const,
  actorId: userId,
  actorLabel: null,
  action,
  targetType: "user",
  targetId: userId,
  ip: null,
  userAgent: null,
});

/**
 * Privacy controls (docs/security.md, "Privacy: export and deletion"): a person deletes their
 * account; an Owner deletes an organisation (restorable during TENANT_DELETION_GRACE_DAYS, then
 * purged by the housekeeping) or exports its data. Each is confirmed with the password or an
 * e-mailed code, and recorded in the audit log in the transaction of the change.
 */
export function privacyService(s: Services) {
  const { db } = s.database;
  const repo = privacyRepo(db);
  const jobs = jobRepo(db);
  const { billing } = s;

  async function user(userId: string): Promise<UserRow> {
    const row = await s.users.byId(userId);
    if (!row) throw new AppError("sessionInvalid");
    return row;
  }

  /**
   * Checks the proof: the password (10 tries per 15 minutes per account, so a borrowed session
   * cannot guess it) or the latest "confirm" code e-mailed to the account (5 tries, single use).
   */
  async function confirm(caller: Caller, account: UserRow, proof: Proof): Promise<void> {
    if (proof.password !== undefined) {
      await enforceLimits(s.rateStore, [
        { key: `confirm:user:${account.id}`, max: 10, windowMs: 15 * MINUTE_MS },
      ]);
      if (!(await verifyPassword(account.passwordHash, proof.password))) throw new AppError("passwordWrong");
      return;
    }
    await s.codes.consume(
      { partnerId: caller.partner.id, email: account.email, purpose: "confirm", userId: account.id },
      proof.code ?? "",
    );
  }

  const mail = (caller: Caller, account: UserRow) => ({
    partnerId: caller.partner.id,
    site: s.partners.siteInfo(caller.partner),
    to: account.email,
    locale: isLocale(account.locale) ? account.locale : caller.locale,
  });

  /** Only an Owner (or the partner's platform super-user acting as one) may do these. */
  const requireOwner = (ctx: TenantContext) => {
    if (!ctx.super) throw new AppError("ownerOnly");
  };

  return {
    confirm,
    requireOwner,

    /** E-mails a code to the signed-in user's own address, to confirm a deletion or an export. */
    async sendCode(caller: Caller, userId: string) {
      const account = await user(userId);
      await enforceLimits(s.rateStore, [
        { key: `confirm:code:${account.id}`, max: 5, windowMs: HOUR_MS },
        { key: `confirm:code:min:${account.id}`, max: 1, windowMs: MINUTE_MS },
      ]);
      const code = await s.codes.issue({
        partnerId: caller.partner.id,
        email: account.email,
        purpose: "confirm",
        userId: account.id,
      });
      await s.mailer.send({ ...mail(caller, account), template: "confirmCode", params: { code } });
      return { sent: true, resendAfterSeconds: 60 };
    },

    /**
     * Starts the deletion of the caller's account, refused (40080, naming them) while they are the
     * only owner of an organisation that is not itself being deleted. Like an organisation's, it
     * waits TENANT_DELETION_GRACE_DAYS: their sessions end and their API keys stop at once, and
     * signing in again before the end restores it (auth's session-service); then the purge erases
     * it (eraseAccount).
     */
    async deleteAccount(caller: Caller, userId: string, proof: Proof) {
      const account = await user(userId);
      await confirm(caller, account, proof);
      const graceDays = s.config.TENANT_DELETION_GRACE_DAYS;
      const purgeAfter = await db.transaction(async (tx) => {
        await repo.lockMemberships(tx, account.id);
        const owned = await repo.soleOwnerOf(tx, account.id);
        if (owned.length > 0)
          throw new AppError(
            "accountOwnsTenants",
            { tenants: owned },
            { names: owned.map((t) => `“${t.name}”`).join(", ") },
          );
        const at = await repo.markUserPendingDeletion(tx, account.id, graceDays);
        if (!at) throw new AppError("sessionInvalid");
        await repo.endSessions(tx, account.id);
        // One event in each organisation the person belongs to, without their address or browser.
        await auditWrites.insertForMemberships(tx, account.id, {
          ...personEvent(account.id, "account.deletion_requested"),
          details: { purgeDate: at.slice(0, 10), graceDays },
        });
        return at;
      });
      await s.mailer.send({
        ...mail(caller, account),
        template: "accountDeleted",
        params: { date: purgeAfter.slice(0, 10) },
      });
      return { deleted: true, purgeAfter };
    },

    /**
     * Starts an organisation's deletion: its members lose access and its API keys stop at once;
     * an Owner may restore it until the grace period ends. Refused while jobs are queued or
     * running (their money is not settled), and while money is left on the balance unless the
     * Owner gives it up (`forfeitBalance`; the refund policy says how to ask for it instead).
     */
    async deleteTenant(
      caller: Caller,
      ctx: TenantContext,
      input: Proof & { forfeitBalance: boolean },
      meta: AuditMeta,
    ): Promise<TenantDeletionView> {
      requireOwner(ctx);
      await confirm(caller, await user(ctx.userId), input);
      const purgeAfter = await db.transaction(async (tx) => {
        const state = await repo.lockForDeletion(tx, ctx.id);
        if (state?.status !== "active") throw new AppError("tenantPendingDeletion");
        if (state.open_jobs > 0) throw new AppError("tenantJobsRunning", { jobs: state.open_jobs });
        const balance = BigInt(state.balance_micros);
        if (balance > 0n && !input.forfeitBalance)
          throw new AppError(
            "tenantBalanceRemains",
            { balanceMicros: balance.toString(), currency: state.currency },
            { balance: moneyParam(balance, state.currency) },
          );
        const at = await repo.markPendingDeletion(
          tx,
          ctx.id,
          ctx.userId,
          s.config.TENANT_DELETION_GRACE_DAYS,
        );
        if (!at) throw new AppError("tenantPendingDeletion");
        await s.audit.record(tx, {
          tenantId: ctx.id,
          ...meta,
          action: "organisation.deletion_requested",
          target: { type: "organisation", id: ctx.id },
          details: {
            purgeDate: at.slice(0, 10),
            graceDays: s.config.TENANT_DELETION_GRACE_DAYS,
            forfeitBalanceMicros: balance.toString(),
            currency: state.currency,
          },
        });
        return at;
      });
      return { id: ctx.id, status: "pending_deletion", purgeAfter };
    },

    /** Cancels a deletion during the grace period (Owners only). */
    async restoreTenant(caller: Caller, ctx: TenantContext, proof: Proof, meta: AuditMeta) {
      requireOwner(ctx);
      await confirm(caller, await user(ctx.userId), proof);
      await db.transaction(async (tx) => {
        if (!(await repo.restore(tx, ctx.id))) throw new AppError("tenantNotPendingDeletion");
        await s.audit.record(tx, {
          tenantId: ctx.id,
          ...meta,
          action: "organisation.restored",
          target: { type: "organisation", id: ctx.id },
        });
      });
      return { id: ctx.id, status: "active", purgeAfter: null } satisfies TenantDeletionView;
    },

    /**
     * The person's own data as one JSON file, bounded by PERSONAL_EXPORT_LIMITS (newest kept).
     * Confirmed like every privacy action, and recorded before the file is sent: in each of their
     * organisations (whose log the file draws on), or outside any when they belong to none.
     */
    async exportAccount(caller: Caller, userId: string, proof: Proof, meta: AuditMeta) {
      const account = await user(userId);
      await confirm(caller, account, proof);
      const { sessions: maxSessions, auditEvents: maxEvents } = PERSONAL_EXPORT_LIMITS;
      const [profile, memberships, sessions, events] = await Promise.all([
        repo.personalProfile(userId),
        repo.personalMemberships(userId),
        repo.personalSessions(userId, maxSessions + 1),
        repo.personalAuditEvents(userId, maxEvents + 1),
      ]);
      if (!profile) throw new AppError("sessionInvalid");
      const details = { format: "json", auditEvents: Math.min(events.length, maxEvents) };
      if (memberships.length > 0)
        await s.audit.recordAccountEvent(db, userId, "account.exported", meta, details);
      else
        await s.audit.record(db, {
          tenantId: null,
          ...meta,
          action: "account.exported",
          target: { type: "user", id: userId },
          details,
        });
      const file: PersonalExport = {
        exportedAt: new Date().toISOString(),
        profile: {
          id: profile.id,
          email: profile.email,
          name: profile.name,
          locale: profile.locale,
          createdAt: profile.created_at,
          passwordChangedAt: profile.password_changed_at,
          twoFactor: profile.two_factor,
        },
        memberships: memberships.map((m) => ({
          tenantId: m.tenant_id,
          name: m.name,
          status: m.status,
          role: m.role,
          joinedAt: m.joined_at,
        })),
        sessions: {
          items: sessions.slice(0, maxSessions).map((x) => ({
            id: x.id,
            createdAt: x.created_at,
            lastSeenAt: x.last_seen_at,
            expiresAt: x.expires_at,
            ip: x.ip,
            userAgent: x.user_agent,
          })),
          truncated: sessions.length > maxSessions,
        },
        auditEvents: {
          items: events.slice(0, maxEvents).map((e) => ({
            tenantId: e.tenant_id,
            action: e.action,
            target: e.target_type ? { type: e.target_type, id: e.target_id } : null,
            details: e.details,
            ip: e.ip,
            userAgent: e.user_agent,
            at: e.created_at,
          })),
          truncated: events.length > maxEvents,
        },
      };
      return {
        fileName: `my-data-${file.exportedAt.slice(0, 10)}.json`,
        body: JSON.stringify(file, null, 1),
      };
    },

    /**
     * The organisation's data as one zip, streamed (tenant-archive.ts). Owners only, also during
     * the grace period; the download is in the audit log before its first byte is sent.
     */
    async exportTenant(caller: Caller, ctx: TenantContext, proof: Proof, meta: AuditMeta, locale: Locale) {
      requireOwner(ctx);
      await confirm(caller, await user(ctx.userId), proof);
      await s.audit.record(db, {
        tenantId: ctx.id,
        ...meta,
        action: "organisation.exported",
        target: { type: "organisation", id: ctx.id },
        details: { format: "zip" },
      });
      const day = new Date().toISOString().slice(0, 10);
      return {
        fileName: `organisation-${ctx.id.slice(0, 8)}-${day}.zip`,
        stream: tenantArchive({
          db,
          repo,
          billing,
          tenant: { id: ctx.id, name: ctx.name, timezoneCode: ctx.timezoneCode, status: ctx.status },
          locale,
        }),
      };
    },

    /**
     * Removes the data of organisations whose grace period is over (housekeeping): jobs with their
     * results in slices first, then what is left on the balance is written off (trade type 3,
     * "balance given up when the organisation was deleted"), then one transaction removes the rest,
     * clears the ledger's personal fields and records the purge. A process stopped half-way is
     * finished by the next round; two processes at once do the final step once (row lock, status).
     */
    async purgeDue(): Promise<PurgeReport> {
      const report: PurgeReport = { tenants: 0, jobs: 0, users: 0 };
      // Accounts first: one transaction each. Its memberships' events are written before they go;
      // the ledger and the audit log keep their records without the person's name, address or
      // devices. Two processes at once erase once (row lock, status).
      for (const { id } of await repo.dueUsers()) {
        if (!(await repo.claimUserPurge(id))) continue;
        const erased = await db.transaction(async (tx) => {
          const account = await repo.lockUserPurging(tx, id);
          if (!account) return false;
          await auditWrites.insertForMemberships(tx, id, {
            ...personEvent(id, "account.deleted"),
            details: {},
          });
          await repo.eraseUser(tx, account);
          return true;
        });
        if (erased) report.users += 1;
      }
      for (const { id } of await repo.due()) {
        if (!(await repo.claimPurge(id))) continue;
        for (;;) {
          const batch = await repo.jobIds(id);
          for (const job of batch) await jobs.deleteJob(id, job.id);
          report.jobs += batch.length;
          if (batch.length === 0) break;
        }
        // What is left on the balance is written off first, as its own movement (so the balance
        // still equals the ledger's sum); keyed by the amount, a retry never takes it twice.
        const left = (await billing.balance(id)).balanceMicros;
        if (left > 0n)
          await billing.charge({
            tenantId: id,
            tradeType: TRADE_TYPES.sub,
            amountMicros: left,
            idempotencyKey: `forfeit:${id}:${left}`,
            actor: { type: "system" },
            note: { key: "forfeitedOnDeletion" },
          });
        const finished = await db.transaction(async (tx) => {
          const state = await repo.lockPurging(tx, id);
          // Finished by another process, or money arrived meanwhile (the next round writes it off).
          if (!state || BigInt(state.balance_micros) !== 0n) return false;
          await repo.purgeRest(tx, id);
          await s.audit.record(tx, {
            tenantId: id,
            actor: { type: "system" },
            action: "organisation.purged",
            target: { type: "organisation", id },
            details: { forfeitedMicros: left.toString() },
          });
          return true;
        });
        if (!finished) continue;
        report.tenants += 1;
      }
      return report;
    },
  };
}

export type PrivacyService = ReturnType<typeof privacyService>;
