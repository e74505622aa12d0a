import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { webhookCreateBody, webhookDeliveriesQuery, webhookUpdateBody } from "@nc/contracts/webhooks";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requireTenant } from "../../http/tenant-context";
import { createWebhookDeliverer, type WebhookDeliverer } from "./deliverer";
import { type WebhookService, webhookService } from "./webhook-service";

declare module "fastify" {
  interface FastifyInstance {
    /** Webhooks: the dashboard's service and the deliverer (started by main.ts). */
    webhooks: { service: WebhookService; deliverer: WebhookDeliverer };
  }
}

const idParams = z.object({ id: z.uuid() });

/** The organisation's webhook endpoints (dashboard API keys page): manage them, read their log. */
async function webhooks(app: FastifyInstance) {
  const { config, database } = app.services;
  const service = webhookService(database.db, {
    allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    audit: app.services.audit,
  });
  const deliverer = createWebhookDeliverer(database.db, config, app.log);
  app.decorate("webhooks", { service, deliverer });
  app.addHook("onClose", () => deliverer.stop());

  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ROUTE_PERMISSIONS.webhooks } as const;
  const edit = { tenant: true, permissions: ROUTE_PERMISSIONS.webhooksEdit } as const;
  // Where the organisation's events go, and their secret, need a fresh proof (docs/security.md, "Step-up").
  const change = { ...edit, stepUp: true } as const;

  r.get("/api/tenant/webhook", { config: read }, async (request) =>
    ok(await service.list(requireTenant(request).id)),
  );

  r.post("/api/tenant/webhook", { schema: { body: webhookCreateBody }, config: change }, async (request) => {
    const tenant = requireTenant(request);
    return ok(
      await service.create(
        { tenantId: tenant.id, userId: tenant.userId, ...request.body },
        tenant,
        auditMeta(request),
      ),
    );
  });

  r.post(
    "/api/tenant/webhook/s/:id",
    { schema: { params: idParams, body: webhookUpdateBody }, config: change },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(await service.update(tenant.id, request.params.id, request.body, tenant, auditMeta(request)));
    },
  );

  r.delete("/api/tenant/webhook/s/:id", { schema: { params: idParams }, config: change }, async (request) =>
    ok(await service.remove(requireTenant(request).id, request.params.id, auditMeta(request))),
  );

  r.post(
    "/api/tenant/webhook/s/:id/roll",
    { schema: { params: idParams }, config: change },
    async (request) =>
      ok(await service.rollSecret(requireTenant(request).id, request.params.id, auditMeta(request))),
  );

  r.post(
    "/api/tenant/webhook/s/:id/ping",
    { schema: { params: idParams }, config: edit },
    async (request) => {
      const sent = await service.ping(requireTenant(request).id, request.params.id);
      deliverer.wake();
      return ok(sent);
    },
  );

  r.get(
    "/api/tenant/webhook/s/:id/deliveries",
    { schema: { params: idParams, querystring: webhookDeliveriesQuery }, config: read },
    async (request) =>
      ok(await service.deliveries(requireTenant(request).id, request.params.id, request.query)),
  );

  r.post(
    "/api/tenant/webhook/delivery/s/:id/resend",
    { schema: { params: idParams }, config: edit },
    async (request) => {
      const queued = await service.resend(requireTenant(request).id, request.params.id);
      deliverer.wake();
      return ok(queued);
    },
  );
}

// Not encapsulated (fastify-plugin): the `webhooks` decoration belongs to the whole app, not only this plugin.
export const webhookRoutes = fp(webhooks, { name: "webhook" });
