import { coverageQuery } from "@nc/contracts/coverage";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { publicCallLimit } from "../../http/public-limit";

/**
 * GET /api/tenant/pub/coverage: the public coverage page's data, for a visitor of the host's brand
 * (docs/api.md, "Coverage"): its prices for a new customer and the figures of its routes.
 */
export async function coverageRoutes(app: FastifyInstance) {
  publicCallLimit(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/tenant/pub/coverage", { schema: { querystring: coverageQuery } }, async (request) =>
    ok(await app.services.coverage.forVisitor(request.partner.id, request.query.country)),
  );
  // The home page's "How pricing works": the brand's list for a new customer, every band.
  r.get("/api/tenant/pub/prices", async (request) =>
    ok(await app.services.coverage.visitorPrices(request.partner.id)),
  );
}
