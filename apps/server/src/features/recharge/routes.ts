import { localePrefix } from "@nc/contracts/locales";
import { createRechargeBody } from "@nc/contracts/recharge";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { requireSession } from "../../http/context";
import { requestLocale } from "../../http/locale";
import { publicUrlFor } from "../../http/public-url";
import { requireTenant } from "../../http/tenant-context";

const idParams = z.object({ id: z.uuid() });

/** Recharge orders of the active organisation: card (Stripe Checkout) or bank transfer; receipts. */
export async function rechargeRoutes(app: FastifyInstance) {
  const { recharge } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ["account:read"] } as const;
  const create = { tenant: true, permissions: ["recharge:create"] } as const;

  r.get("/api/tenant/recharge/options", { config: create }, async (request) =>
    ok(await recharge.options(requireTenant(request).id)),
  );

  r.post("/api/tenant/recharge", { schema: { body: createRechargeBody }, config: create }, async (request) =>
    ok(
      await recharge.create({
        tenantId: requireTenant(request).id,
        userId: requireSession(request).user.id,
        method: request.body.method,
        amount: request.body.amount,
        brandName: request.partner.name,
        origin: publicUrlFor(app, request),
        langPrefix: localePrefix(requestLocale(request)),
      }),
    ),
  );

  r.get("/api/tenant/recharge", { config: read }, async (request) =>
    ok(await recharge.list(requireTenant(request).id)),
  );

  r.get("/api/tenant/recharge/s/:id", { schema: { params: idParams }, config: read }, async (request) =>
    ok(await recharge.get(requireTenant(request).id, request.params.id)),
  );

  r.post(
    "/api/tenant/recharge/s/:id/cancel",
    { schema: { params: idParams }, config: create },
    async (request) => ok(await recharge.cancel(requireTenant(request).id, request.params.id)),
  );

  r.get(
    "/api/tenant/recharge/s/:id/receipt",
    { schema: { params: idParams }, config: read },
    async (request) => ok(await recharge.receipt(requireTenant(request).id, request.params.id)),
  );
}
