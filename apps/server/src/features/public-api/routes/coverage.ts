import { API_KEY_SCOPES } from "@nc/contracts/api-keys";
import { coverageQuery } from "@nc/contracts/coverage";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../../core/envelope";
import type { CoverageService } from "../../coverage/index";
import { requireApiKey } from "../api-key-auth";

/**
 * GET /api/v1/coverage: what the key's organisation can check where, at what price, and how well
 * (docs/api.md, "Coverage"). Any scope: it is what a customer reads before paying.
 */
export function coverageApiRoutes(scope: FastifyInstance, coverage: CoverageService) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/coverage",
    { schema: { querystring: coverageQuery }, config: { apiKey: { scopes: API_KEY_SCOPES } } },
    async (request) => {
      const key = requireApiKey(request);
      return ok(await coverage.forOrganisation(key.tenantId, request.query.country));
    },
  );
}
