import { apiRequestListQuery } from "@nc/contracts/api-requests";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { requireTenant } from "../../http/tenant-context";
import { apiRequestService } from "./api-request-service";

/** The organisation's public API request log on the dashboard (the same reads as GET /api/v1/requests). */
export async function apiRequestRoutes(app: FastifyInstance) {
  const requests = apiRequestService(app.services.database.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/tenant/api-requests",
    {
      schema: { querystring: apiRequestListQuery },
      config: { tenant: true, permissions: ROUTE_PERMISSIONS.apiRequests },
    },
    async (request) => ok(await requests.list(requireTenant(request).id, request.query)),
  );
}
