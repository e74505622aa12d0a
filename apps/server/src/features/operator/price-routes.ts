import { priceListQuery, removePriceBody, setPriceBody } from "@nc/contracts/operator";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requireOperator } from "../../http/operator-context";
import { operatorAuditMeta } from "./operator-service";
import { priceConsole } from "./price-console";

const previewQuery = z.object({ tenantId: z.uuid() });

/** The console's price lists and the preview of what a customer pays (docs/operations.md). */
export async function operatorPriceRoutes(app: FastifyInstance) {
  const prices = priceConsole(app.services.database.db, app.services.prices);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: Parameters<typeof auditMeta>[0]) =>
    operatorAuditMeta(requireOperator(request), auditMeta(request));

  r.get(
    "/api/operator/prices",
    { schema: { querystring: priceListQuery }, config: { operator: ["operator.price:read"] } },
    async (request) => ok(await prices.list(requireOperator(request), request.query)),
  );

  r.get(
    "/api/operator/prices/preview",
    { schema: { querystring: previewQuery }, config: { operator: ["operator.price:read"] } },
    async (request) => ok(await prices.preview(requireOperator(request), request.query.tenantId)),
  );

  r.post(
    "/api/operator/prices",
    { schema: { body: setPriceBody }, config: { operator: ["operator.price:update"] } },
    async (request) => ok(await prices.set(requireOperator(request), request.body, meta(request))),
  );

  r.post(
    "/api/operator/prices/remove",
    { schema: { body: removePriceBody }, config: { operator: ["operator.price:update"] } },
    async (request) => ok(await prices.remove(requireOperator(request), request.body, meta(request))),
  );
}
