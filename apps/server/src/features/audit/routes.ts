import { auditFilter, auditListQuery } from "@nc/contracts/audit";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requestLocale } from "../../http/locale";
import { requireTenant } from "../../http/tenant-context";
import { auditCsv } from "./audit-export";
import { toAuditFilter } from "./audit-service";

/** The organisation's audit log: read (keyset pages) and download as CSV (owners and admins). */
export async function auditRoutes(app: FastifyInstance) {
  const audit = app.services.audit;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ROUTE_PERMISSIONS.audit } as const;

  r.get("/api/tenant/audit", { schema: { querystring: auditListQuery }, config: read }, async (request) => {
    const tenant = requireTenant(request);
    return ok(await audit.list(tenant.id, tenant.timezoneCode, request.query, requestLocale(request)));
  });

  r.get(
    "/api/tenant/audit/export",
    { schema: { querystring: auditFilter }, config: read },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const filter = toAuditFilter(request.query, tenant.timezoneCode);
      // Reading the log is itself recorded: who took a copy of it, and of what.
      await audit.recordExport(app.services.database.db, tenant.id, auditMeta(request), {
        kind: "audit",
        format: "csv",
        filter: request.query,
      });
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-${day}.csv"`)
        .header("cache-control", "no-store");
      return reply.send(
        auditCsv({ repo: audit.repo, tenantId: tenant.id, filter, locale: requestLocale(request) }),
      );
    },
  );
}
