import { MAX_TENANTS_PER_USER, type TenantSummary, type TenantUserProfile } from "@nc/contracts/tenancy";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import type { Db } from "../../db/client";
import { AppError } from "../../http/app-error";
import { billingService } from "../billing/billing-service";
import type { TenantContext } from "./tenant-context-repo";
import { tenantRepo } from "./tenant-repo";

/** Organisations: list, create (at most 10 per user), rename, leave, and the caller's profile in one. */
export function tenantService(db: Db, options: { welcomeCreditMicros?: bigint } = {}) {
  const repo = tenantRepo(db);
  const welcome = options.welcomeCreditMicros ?? 0n;
  return {
    repo,
    async list(userId: string, partnerId: string): Promise<TenantSummary[]> {
      const rows = await repo.listForUser(userId, partnerId);
      return rows.map(({ tenant, role }) => ({
        tenantId: tenant.id,
        name: tenant.name,
        timezoneCode: tenant.timezoneCode,
        status: tenant.status,
        role: { id: role.id, name: role.name, key: role.key },
        super: role.isSuper,
        createdAt: tenant.createdAt.toISOString(),
      }));
    },

    async create(input: { userId: string; partnerId: string; name: string; timezoneCode: string }) {
      const id = await repo.createWithOwner({ ...input, max: MAX_TENANTS_PER_USER });
      if (!id)
        throw new AppError(
          "tenantLimitReached",
          { max: MAX_TENANTS_PER_USER },
          { max: MAX_TENANTS_PER_USER },
        );
      // WELCOME_CREDIT: once per new organisation (the key makes a retry harmless), trade type 2.
      if (welcome > 0n)
        await billingService(db).credit({
          tenantId: id,
          tradeType: TRADE_TYPES.add,
          amountMicros: welcome,
          idempotencyKey: `welcome:${id}`,
          request: { welcome: welcome.toString() },
          reference: { type: "welcome", id },
          actor: { type: "system" },
          note: { key: "welcomeCredit" },
        });
      return { id };
    },

    async update(ctx: TenantContext, patch: { name: string; timezoneCode?: string }) {
      await repo.update(ctx.id, patch);
      return { id: ctx.id, name: patch.name, timezoneCode: patch.timezoneCode ?? ctx.timezoneCode };
    },

    async leave(ctx: TenantContext) {
      if ((await repo.removeMemberKeepingAnOwner(ctx.id, ctx.userId)) === "last-owner")
        throw new AppError("lastOwner");
      return { left: true };
    },

    profile: (ctx: TenantContext): TenantUserProfile => ({
      permissions: ctx.permissions,
      super: ctx.super,
      role: ctx.role,
      tenant: { id: ctx.id, name: ctx.name, timezoneCode: ctx.timezoneCode, status: ctx.status },
    }),
  };
}
