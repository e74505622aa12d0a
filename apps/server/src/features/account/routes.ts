import {
  accountSettingsBody,
  seriesQuery,
  transactionExportQuery,
  transactionListQuery,
} from "@nc/contracts/account";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requestLocale } from "../../http/locale";
import { requireTenant } from "../../http/tenant-context";
import { csvStream, xlsxStream } from "./account-export";
import { toFilter } from "./account-service";

const idParams = z.object({ id: z.uuid() });

/** The organisation's account: balance, chart, transactions, detail, export, low-balance threshold. */
export async function accountRoutes(app: FastifyInstance) {
  const { accounts } = app.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const overview = { tenant: true, permissions: ["account:read"] } as const;
  const statement = { tenant: true, permissions: ["account_stmt:read"] } as const;

  r.get("/api/tenant/account", { config: overview }, async (request) => {
    const tenant = requireTenant(request);
    return ok(await accounts.overview(tenant.id, tenant.timezoneCode));
  });

  r.get(
    "/api/tenant/account/series",
    { schema: { querystring: seriesQuery }, config: overview },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(await accounts.series(tenant.id, tenant.timezoneCode, request.query.days));
    },
  );

  r.get(
    "/api/tenant/account/transactions",
    { schema: { querystring: transactionListQuery }, config: statement },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(
        await accounts.transactions(tenant.id, tenant.timezoneCode, request.query, requestLocale(request), {
          byDayJob: true,
        }),
      );
    },
  );

  r.get(
    "/api/tenant/account/transactions/s/:id",
    { schema: { params: idParams }, config: statement },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(
        await accounts.detail(tenant.id, request.params.id, tenant.timezoneCode, requestLocale(request)),
      );
    },
  );

  r.get(
    "/api/tenant/account/transactions/export",
    { schema: { querystring: transactionExportQuery }, config: statement },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { currency } = await accounts.overview(tenant.id, tenant.timezoneCode);
      const filter = toFilter(request.query, tenant.timezoneCode);
      const day = new Date().toISOString().slice(0, 10);
      const csv = request.query.format === "csv";
      await app.services.audit.recordExport(app.services.database.db, tenant.id, auditMeta(request), {
        kind: "transactions",
        format: request.query.format,
      });
      reply
        .header(
          "content-type",
          csv
            ? "text/csv; charset=utf-8"
            : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
        .header("content-disposition", `attachment; filename="transactions-${day}.${request.query.format}"`)
        .header("cache-control", "no-store");
      const file = {
        repo: accounts.repo,
        tenantId: tenant.id,
        filter,
        currency,
        locale: requestLocale(request),
      };
      return reply.send(csv ? csvStream(file) : xlsxStream(file));
    },
  );

  r.post(
    "/api/tenant/account/settings",
    // Money settings need a fresh proof (docs/security.md, "Step-up").
    {
      schema: { body: accountSettingsBody },
      config: { tenant: true, permissions: ["tenant:update"], stepUp: true },
    },
    async (request) =>
      ok(
        await accounts.setThreshold(
          requireTenant(request).id,
          request.body.lowBalanceThreshold,
          auditMeta(request),
        ),
      ),
  );
}
