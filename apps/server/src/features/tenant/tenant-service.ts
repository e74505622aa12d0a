import {
  MAX_TENANTS_PER_USER,
  type TenantSecurity,
  type TenantSummary,
  type TenantUserProfile,
} from "@nc/contracts/tenancy";
import { TRADE_TYPES, WELCOME_CREDIT_REFERENCE } from "@nc/contracts/trade-types";
import { AppError } from "../../core/app-error";
import type { Db, Tx } from "../../core/db";
import type { AuditMeta, TenantContext } from "../../core/request-context";
import type { AuditService } from "../audit/index";
import type { BillingService } from "../billing/index";
import { tenantRepo } from "./tenant-repo";

/** Organisations: list, create (at most 10 per user), rename, leave, and the caller's profile in one. */
export function tenantService(
  db: Db,
  audit: Pick<AuditService, "record">,
  /** WELCOME_CREDIT for a person's first organisation, credited through the shared billing service. */
  options: { welcome?: { micros: bigint; billing: Pick<BillingService, "credit"> } } = {},
) {
  const repo = tenantRepo(db);
  const welcome = options.welcome;
  /** A change of the organisation's own settings, with what they were and are, in its transaction. */
  const changed = (
    tx: Tx,
    ctx: TenantContext,
    meta: AuditMeta,
    action: "organisation.updated" | "organisation.security_updated",
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) =>
    audit.record(tx, {
      tenantId: ctx.id,
      ...meta,
      action,
      target: { type: "organisation", id: ctx.id },
      details: { before, after },
    });
  return {
    repo,
    async list(userId: string, partnerId: string): Promise<TenantSummary[]> {
      const [rows, twoFactor] = await Promise.all([
        repo.listForUser(userId, partnerId),
        repo.hasTwoFactor(userId),
      ]);
      return rows.map(({ tenant, role }) => ({
        tenantId: tenant.id,
        name: tenant.name,
        timezoneCode: tenant.timezoneCode,
        status: tenant.status,
        role: { id: role.id, name: role.name, key: role.key },
        super: role.isSuper,
        createdAt: tenant.createdAt.toISOString(),
        purgeAfter: tenant.purgeAfter?.toISOString() ?? null,
        requireTwoFactor: tenant.requireTwoFactor,
        twoFactorNeeded: tenant.requireTwoFactor && !twoFactor,
      }));
    },

    async create(
      input: { userId: string; partnerId: string; name: string; timezoneCode: string },
      meta: AuditMeta,
    ) {
      const credit = welcome && welcome.micros > 0n ? welcome : null;
      let welcomed = false;
      const id = await repo.createWithOwner({ ...input, max: MAX_TENANTS_PER_USER }, async (tx, tenantId) => {
        await audit.record(tx, {
          tenantId,
          ...meta,
          action: "organisation.created",
          target: { type: "organisation", id: tenantId },
          details: { name: input.name, timezoneCode: input.timezoneCode },
        });
        if (credit) welcomed = await repo.claimWelcomeCredit(tx, input.userId);
      });
      if (!id)
        throw new AppError(
          "tenantLimitReached",
          { max: MAX_TENANTS_PER_USER },
          { max: MAX_TENANTS_PER_USER },
        );
      // WELCOME_CREDIT: once per person, on the first organisation they create (claimed above with
      // the organisation; the key makes a retry harmless), trade type 2.
      if (credit && welcomed)
        await credit.billing.credit({
          tenantId: id,
          tradeType: TRADE_TYPES.add,
          amountMicros: credit.micros,
          idempotencyKey: `welcome:${id}`,
          request: { welcome: credit.micros.toString() },
          reference: { type: WELCOME_CREDIT_REFERENCE, id },
          actor: { type: "system" },
          note: { key: "welcomeCredit" },
        });
      return { id };
    },

    async update(
      ctx: TenantContext,
      patch: { name: string; timezoneCode?: string; keepFileColumns?: boolean },
      meta: AuditMeta,
    ) {
      const after = {
        name: patch.name,
        timezoneCode: patch.timezoneCode ?? ctx.timezoneCode,
        keepFileColumns: patch.keepFileColumns ?? ctx.keepFileColumns,
      };
      const before = { name: ctx.name, timezoneCode: ctx.timezoneCode, keepFileColumns: ctx.keepFileColumns };
      await repo.update(ctx.id, patch, (tx) => changed(tx, ctx, meta, "organisation.updated", before, after));
      return { id: ctx.id, ...after };
    },

    /**
     * The organisation's two-factor rule (docs/security.md, "Two-factor sign-in for every
     * member"). Whoever turns it on must have two-factor sign-in: the rule would shut them out too.
     */
    async setTwoFactorRule(ctx: TenantContext, rule: TenantSecurity, meta: AuditMeta) {
      if (rule.requireTwoFactor && !ctx.twoFactor) throw new AppError("twoFactorNeededToRequire");
      const before = {
        requireTwoFactor: ctx.requireTwoFactor,
        keysWithoutTwoFactor: ctx.keysWithoutTwoFactor,
      };
      await repo.setTwoFactorRule(ctx.id, rule, (tx) =>
        changed(tx, ctx, meta, "organisation.security_updated", before, rule),
      );
      return rule;
    },

    async leave(ctx: TenantContext, meta: AuditMeta) {
      const outcome = await repo.removeMemberKeepingAnOwner(ctx.id, ctx.userId, (tx) =>
        audit.record(tx, {
          tenantId: ctx.id,
          ...meta,
          action: "member.left",
          target: { type: "user", id: ctx.userId },
        }),
      );
      if (outcome === "last-owner") throw new AppError("lastOwner");
      return { left: true };
    },

    profile: (ctx: TenantContext): TenantUserProfile => ({
      permissions: ctx.permissions,
      super: ctx.super,
      role: ctx.role,
      tenant: {
        id: ctx.id,
        name: ctx.name,
        timezoneCode: ctx.timezoneCode,
        status: ctx.status,
        keepFileColumns: ctx.keepFileColumns,
        requireTwoFactor: ctx.requireTwoFactor,
        keysWithoutTwoFactor: ctx.keysWithoutTwoFactor,
      },
    }),
  };
}
