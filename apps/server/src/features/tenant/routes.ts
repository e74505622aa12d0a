import { parseAmountToMicros } from "@nc/contracts/money";
import { createTenantBody, tenantSecurityBody, updateTenantBody } from "@nc/contracts/tenancy";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requireSession } from "../../http/context";
import { requireTenant } from "../../http/tenant-context";
import { tenantService } from "./tenant-service";

const idParams = z.object({ id: z.string().max(64) });

/** Organisations (docs/architecture.md, "Decisions and why", Tenant). */
export async function tenantRoutes(app: FastifyInstance) {
  const tenants = tenantService(app.services.database.db, app.services.audit, {
    welcome: {
      micros: parseAmountToMicros(app.services.config.WELCOME_CREDIT) ?? 0n,
      billing: app.services.billing,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/tenant", async (request) =>
    ok(await tenants.list(requireSession(request).user.id, request.partner.id)),
  );

  r.post("/api/tenant", { schema: { body: createTenantBody } }, async (request) =>
    ok(
      await tenants.create(
        { userId: requireSession(request).user.id, partnerId: request.partner.id, ...request.body },
        auditMeta(request),
      ),
    ),
  );

  r.post(
    "/api/tenant/s/:id",
    {
      schema: { params: idParams, body: updateTenantBody },
      config: { tenant: { param: "id" }, permissions: ["tenant:update"] },
    },
    async (request) => ok(await tenants.update(requireTenant(request), request.body, auditMeta(request))),
  );

  // Owners only, with a fresh proof (docs/security.md, "Two-factor sign-in for every member").
  r.post(
    "/api/tenant/s/:id/security",
    {
      schema: { params: idParams, body: tenantSecurityBody },
      config: { tenant: { param: "id" }, permissions: ["tenant_security:update"], stepUp: true },
    },
    async (request) =>
      ok(await tenants.setTwoFactorRule(requireTenant(request), request.body, auditMeta(request))),
  );

  // Open to a member without two-factor sign-in where the organisation requires it: they may leave.
  r.post(
    "/api/tenant/s/:id/leave",
    { schema: { params: idParams }, config: { tenant: { param: "id" }, withoutTwoFactor: true } },
    async (request) => ok(await tenants.leave(requireTenant(request), auditMeta(request))),
  );

  r.get("/api/tenant/tenant_user/profile", { config: { tenant: true } }, async (request) =>
    ok(tenants.profile(requireTenant(request))),
  );
}
