import type { Permission } from "@nc/contracts/permission-catalog";
import { hasAnyPermission } from "@nc/contracts/permissions";
import { TENANT_PENDING_DELETION } from "@nc/contracts/privacy";
import { TENANT_HEADER } from "@nc/contracts/tenancy";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../core/app-error";
import type { TenantContext } from "../core/request-context";
import { isUuid } from "../core/uuid";
import { requireSession } from "./context";

declare module "fastify" {
  interface FastifyRequest {
    tenant: TenantContext | null;
  }
  interface FastifyContextConfig {
    /** The route works inside one organisation: from the x-tenant-id header, or this path parameter. */
    tenant?: true | { param: string };
    /** Any one of these is required (the matcher of @nc/contracts/permissions). */
    permissions?: readonly Permission[];
    /**
     * Owners may still call this route while the organisation waits to be deleted (restore,
     * export); every other route, and every other member, gets 40081 then.
     */
    pendingDeletion?: boolean;
    /**
     * A member without two-factor sign-in may still call this route where the organisation
     * requires it (leaving); every other route answers 40082 until they set it up.
     */
    withoutTwoFactor?: boolean;
  }
}

export interface TenantRoute {
  method: string;
  url: string;
  permissions: readonly Permission[];
  tenantFrom: "header" | "param";
}

/**
 * Resolves the organisation of every tenant-scoped route and enforces its permission. Membership,
 * role and status are read on every request, so a role change or removal counts at once.
 */
export function registerTenantContext(app: FastifyInstance): TenantRoute[] {
  const routes: TenantRoute[] = [];
  app.decorateRequest("tenant", null);

  app.addHook("onRoute", (route) => {
    const config = route.config as
      | { tenant?: true | { param: string }; permissions?: readonly Permission[] }
      | undefined;
    if (!config?.tenant) return;
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      routes.push({
        method,
        url: route.url,
        permissions: config.permissions ?? [],
        tenantFrom: config.tenant === true ? "header" : "param",
      });
    }
  });

  app.addHook("preHandler", async (request) => {
    const config = request.routeOptions.config;
    if (!config.tenant) return;
    const session = requireSession(request);
    const raw =
      config.tenant === true
        ? request.headers[TENANT_HEADER]
        : (request.params as Record<string, string | undefined>)[config.tenant.param];
    request.tenant = await resolveTenant(
      app,
      request,
      session.user.id,
      typeof raw === "string" ? raw : undefined,
    );
    // docs/security.md, "Privacy: export and deletion": during the grace period only owners, only
    // on the routes that restore or export.
    if (
      request.tenant.status === TENANT_PENDING_DELETION &&
      !(config.pendingDeletion === true && request.tenant.super)
    )
      throw new AppError("tenantPendingDeletion");
    // docs/security.md, "Two-factor sign-in for every member": the set-up itself is on the
    // person's own routes (/api/tenant/uc/2fa), outside any organisation.
    // docs/security.md, "Single sign-on": a session its single sign-on made is the organisation's
    // strong sign-in; members of its required domains must come in that way.
    const bySso = session.ssoTenantId === request.tenant.id;
    if (request.tenant.ssoRequired && !bySso && config.withoutTwoFactor !== true)
      throw new AppError("tenantRequiresSso", { tenantId: request.tenant.id }, { name: request.tenant.name });
    if (
      request.tenant.requireTwoFactor &&
      !request.tenant.twoFactor &&
      !bySso &&
      config.withoutTwoFactor !== true
    )
      throw new AppError(
        "tenantRequiresTwoFactor",
        { tenantId: request.tenant.id },
        { name: request.tenant.name },
      );
    if (config.permissions && !hasAnyPermission(request.tenant, config.permissions))
      throw new AppError("forbidden");
  });
  return routes;
}

async function resolveTenant(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  raw: string | undefined,
) {
  if (!raw) throw new AppError("noActiveTenant");
  if (!isUuid(raw)) throw new AppError("notTenantMember");
  const context = await app.httpServices.tenantContext(raw, userId);
  if (!context || context.partnerId !== request.partner.id) throw new AppError("notTenantMember");
  if (context.status === "suspended") throw new AppError("tenantSuspended");
  if (context.status === "removed" || context.status === "purging" || context.status === "deleted")
    throw new AppError("tenantRemoved");
  return context;
}

/** The organisation of a tenant-scoped route (the hook has resolved it). */
export function requireTenant(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw new AppError("noActiveTenant");
  return request.tenant;
}
