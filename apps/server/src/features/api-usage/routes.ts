import { apiUsageExportQuery, apiUsageQuery } from "@nc/contracts/api-usage";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requestLocale } from "../../http/locale";
import { requireTenant } from "../../http/tenant-context";
import { apiUsageService } from "./api-usage-service";

/** The organisation's public API usage (dashboard): charts and breakdowns, and the CSV export. */
export async function apiUsageRoutes(app: FastifyInstance) {
  const usage = apiUsageService(app.services.database.db, app.services.billing);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ROUTE_PERMISSIONS.apiUsage } as const;

  r.get("/api/tenant/api-usage", { schema: { querystring: apiUsageQuery }, config: read }, async (request) =>
    ok(await usage.usage(requireTenant(request).id, request.query)),
  );

  r.get(
    "/api/tenant/api-usage/export",
    { schema: { querystring: apiUsageExportQuery }, config: read },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { from, to } = request.query;
      await app.services.audit.recordExport(app.services.database.db, tenant.id, auditMeta(request), {
        kind: "api_usage",
        format: "csv",
        from,
        to,
      });
      const csv = await usage.exportCsv(
        tenant.id,
        request.query,
        tenant.timezoneCode,
        requestLocale(request),
      );
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="api-usage-${from}-${to}.csv"`)
        .header("cache-control", "no-store");
      return reply.send(csv);
    },
  );
}
