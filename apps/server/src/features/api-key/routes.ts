import { apiKeyCreateBody, apiKeyLimitsBody, apiKeyRollBody } from "@nc/contracts/api-keys";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { callerOf } from "../../http/caller";
import { requireSession } from "../../http/context";
import { requireTenant } from "../../http/tenant-context";
import { sendSecurityAlert } from "../auth/index";
import { apiKeyService, KEY_CREATE_PERMISSIONS } from "./api-key-service";

const idParams = z.object({ id: z.uuid() });

/** The organisation's API keys (dashboard): list, create (shown once), spend limits, roll, revoke. */
export async function apiKeyRoutes(app: FastifyInstance) {
  const keys = apiKeyService(app.services.database.db, app.services.keyAuth, app.services.audit);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ROUTE_PERMISSIONS.apiKeys } as const;
  // A new key or secret needs a fresh proof in this session (docs/security.md, "Step-up").
  const create = { tenant: true, permissions: KEY_CREATE_PERMISSIONS, stepUp: true } as const;
  const remove = { tenant: true, permissions: ["apikey:delete"] } as const;

  r.get("/api/tenant/apikey", { config: read }, async (request) =>
    ok(await keys.list(requireTenant(request).id)),
  );

  r.post("/api/tenant/apikey", { schema: { body: apiKeyCreateBody }, config: create }, async (request) => {
    const tenant = requireTenant(request);
    const made = await keys.create(
      { tenantId: tenant.id, userId: tenant.userId, ...request.body },
      tenant,
      auditMeta(request),
    );
    // docs/security.md, "Sign-in alerts": the person hears of every key made with their account.
    sendSecurityAlert(app.services, callerOf(request), requireSession(request).user, "apiKeyCreated", {
      name: request.body.name,
      tenant: tenant.name,
    });
    return ok(made);
  });

  r.post(
    "/api/tenant/apikey/s/:id/roll",
    { schema: { params: idParams, body: apiKeyRollBody }, config: create },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(
        await keys.roll(tenant.id, request.params.id, request.body.graceHours, tenant, auditMeta(request)),
      );
    },
  );

  // A limit is one of the key's settings: changed with the rights and fresh proof that make one.
  r.post(
    "/api/tenant/apikey/s/:id/limits",
    { schema: { params: idParams, body: apiKeyLimitsBody }, config: create },
    async (request) =>
      ok(
        await keys.setLimits(requireTenant(request).id, request.params.id, request.body, auditMeta(request)),
      ),
  );

  r.post(
    "/api/tenant/apikey/s/:id/revoke",
    { schema: { params: idParams }, config: remove },
    async (request) =>
      ok(await keys.revoke(requireTenant(request).id, request.params.id, auditMeta(request))),
  );
}
