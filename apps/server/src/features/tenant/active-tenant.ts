import { type TenantUserProfile, tenantCookieName } from "@nc/contracts/tenancy";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../core/db";
import { loadTenantContext } from "./tenant-context-repo";
import { tenantService } from "./tenant-service";

export interface ActiveTenant {
  tenant: TenantUserProfile | null;
  tenantCount: number;
  tenantAutoSelected: boolean;
}

/**
 * The organisation a page renders in (docs/architecture.md, "Organisations and access"): the one remembered in the user's cookie
 * if the user still belongs to it and may work in it; else the only one the user has; else none.
 */
export async function activeTenantFor(
  db: Db,
  request: FastifyRequest,
  userId: string,
): Promise<ActiveTenant> {
  const tenants = tenantService(db, request.server.services.audit);
  const list = await tenants.list(userId, request.partner.id);
  // An organisation that requires two-factor sign-in of a person without it is not one to work
  // in: the choice of organisations leads them to set it up (docs/security.md, "Two-factor
  // sign-in for every member").
  const usable = list.filter((t) => t.status === "active" && !t.twoFactorNeeded);
  const remembered = request.cookies[tenantCookieName(userId)];
  const chosen = usable.find((t) => t.tenantId === remembered);
  const pick = chosen ?? (usable.length === 1 && list.length === 1 ? usable[0] : undefined);
  if (!pick) return { tenant: null, tenantCount: list.length, tenantAutoSelected: false };
  const context = await loadTenantContext(db, pick.tenantId, userId);
  return {
    tenant: context ? tenants.profile(context) : null,
    tenantCount: list.length,
    tenantAutoSelected: !chosen && Boolean(context),
  };
}
