import { hasAnyPermission } from "@nc/contracts/permissions";
import { priceQuoteQuery } from "@nc/contracts/prices";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { requireTenant } from "../../http/tenant-context";
import { quoteToView } from "./price-service";

/** Prices of the active organisation (docs/operations.md, "Prices"; /dashboard/price). */
export async function priceRoutes(app: FastifyInstance) {
  const { prices } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Each list is shown only with its own permission; any one of them opens the page.
  r.get(
    "/api/tenant/price",
    { config: { tenant: true, permissions: ROUTE_PERMISSIONS.price } },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(
        await prices.overview(tenant, {
          special: hasAnyPermission(tenant, ["special_price:read"]),
          standard: hasAnyPermission(tenant, ["standard_price:read"]),
          partner: hasAnyPermission(tenant, ["dsp_standard_price:read"]),
        }),
      );
    },
  );

  r.get(
    "/api/tenant/price/quote",
    {
      schema: { querystring: priceQuoteQuery },
      config: { tenant: true, permissions: ["special_price:read", "detection:create"] },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { service, quantity } = request.query;
      return ok(quoteToView(await prices.quote(tenant.id, service, quantity, tenant.partnerId)));
    },
  );
}
