import { detectionCheckBody, detectionHistoryQuery } from "@nc/contracts/detection-single";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { requireTenant } from "../../http/tenant-context";
import { seesPartnerJobs } from "../partner/index";

/** Single checks from the dashboard and the organisation's detection history (docs/architecture.md, "What a person meets first"). */
export async function detectionRoutes(app: FastifyInstance) {
  const { detection } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/tenant/detection/check",
    {
      schema: { body: detectionCheckBody },
      config: { tenant: true, permissions: ROUTE_PERMISSIONS.detection },
    },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(
        await detection.check({
          tenantId: tenant.id,
          partnerId: tenant.partnerId,
          userId: tenant.userId,
          ...request.body,
        }),
      );
    },
  );

  r.get(
    "/api/tenant/detection/history",
    {
      schema: { querystring: detectionHistoryQuery },
      config: { tenant: true, permissions: ROUTE_PERMISSIONS.history },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { scope, ...query } = request.query;
      const partner = {
        id: tenant.partnerId,
        allowed: await seesPartnerJobs(app.services.database.db, tenant),
        requested: scope === "partner",
      };
      return ok(await detection.history(tenant.id, tenant.timezoneCode, query, partner));
    },
  );
}
