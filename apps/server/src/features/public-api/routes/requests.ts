import { apiRequestListQuery } from "@nc/contracts/api-requests";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../../core/db";
import { ok } from "../../../core/envelope";
import { apiRequestService } from "../../api-request/index";
import { requireApiKey } from "../api-key-auth";

/**
 * GET /api/v1/requests: the organisation's request log, newest first (scope usage:read, as the
 * usage it details; docs/api.md, "Request log").
 */
export function requestLogApiRoutes(scope: FastifyInstance, db: Db) {
  const requests = apiRequestService(db);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/requests",
    { schema: { querystring: apiRequestListQuery }, config: { apiKey: { scopes: ["usage:read"] as const } } },
    async (request) => ok(await requests.list(requireApiKey(request).tenantId, request.query)),
  );
}
