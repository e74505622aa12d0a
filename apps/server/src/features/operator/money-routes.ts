import { Readable } from "node:stream";
import { transactionListQuery } from "@nc/contracts/account";
import { microsToDecimal } from "@nc/contracts/money";
import { moneySummaryQuery } from "@nc/contracts/operator";
import { SERVICE_CODES } from "@nc/contracts/prices";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../core/app-error";
import { ok } from "../../core/envelope";
import { csvStream } from "../../export/table-export";
import { auditMeta } from "../../http/audit-meta";
import { requestLocale } from "../../http/locale";
import { requireOperator } from "../../http/operator-context";
import { consoleRepo } from "./console-repo";
import { moneySummary } from "./money-summary";
import { operatorAuditMeta, partnerLimit } from "./operator-service";
import { supportView } from "./support-view";

const idParams = z.object({ id: z.uuid() });
const entryParams = z.object({ id: z.uuid(), entryId: z.uuid() });

/** The summary's CSV columns: day, currency, then each service's spend, then the rest. */
const SUMMARY_HEADER = [
  "day",
  "currency",
  "recharges",
  ...SERVICE_CODES.map((s) => `spend_${s}`),
  "spend_other",
  "refunds",
  "welcome",
  "added",
  "subtracted",
];

/**
 * The console's money reports (docs/operations.md, "The operator console"): the daily summary
 * (JSON and CSV), and a reachable organisation's ledger with the same views its owners have and
 * its support view (members and latest jobs, read-only, audited).
 */
export async function operatorMoneyRoutes(app: FastifyInstance) {
  const db = app.services.database.db;
  const { accounts } = app.services;
  const customers = consoleRepo(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { operator: ["operator.recharge:read"] } as const;
  const ledger = { operator: ["operator.customer:read"] } as const;

  r.get(
    "/api/operator/money/summary",
    { schema: { querystring: moneySummaryQuery }, config: read },
    async (request) => ok(await moneySummary(db, requireOperator(request), request.query)),
  );

  r.get(
    "/api/operator/money/summary/export",
    { schema: { querystring: moneySummaryQuery }, config: read },
    async (request, reply) => {
      const days = await moneySummary(db, requireOperator(request), request.query);
      const decimal = (micros: string | undefined) => microsToDecimal(BigInt(micros ?? "0"));
      const rows = days.map((d) => [
        d.day,
        d.currency,
        decimal(d.recharges),
        ...SERVICE_CODES.map((s) => decimal(d.spend[s])),
        decimal(d.spend.other),
        decimal(d.refunds),
        decimal(d.welcome),
        decimal(d.added),
        decimal(d.subtracted),
      ]);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="money-${request.query.from}-${request.query.to}.csv"`,
        )
        .header("cache-control", "no-store");
      return reply.send(csvStream(SUMMARY_HEADER, Readable.from(rows)));
    },
  );

  /** The organisation, if the operator reaches it, with the time zone its statement is read in. */
  async function reachable(request: Parameters<typeof requireOperator>[0], tenantId: string) {
    const customer = await customers.customer(partnerLimit(requireOperator(request)), tenantId);
    if (!customer) throw new AppError("notFound");
    return customers.timeZoneOf(tenantId);
  }

  r.get(
    "/api/operator/customers/:id/support",
    { schema: { params: idParams }, config: ledger },
    async (request) => {
      const operator = requireOperator(request);
      return ok(
        await supportView(db, operator, request.params.id, operatorAuditMeta(operator, auditMeta(request))),
      );
    },
  );

  r.get(
    "/api/operator/customers/:id/transactions",
    { schema: { params: idParams, querystring: transactionListQuery }, config: ledger },
    async (request) => {
      const timeZone = await reachable(request, request.params.id);
      return ok(
        await accounts.transactions(request.params.id, timeZone, request.query, requestLocale(request)),
      );
    },
  );

  r.get(
    "/api/operator/customers/:id/transactions/:entryId",
    { schema: { params: entryParams }, config: ledger },
    async (request) => {
      const timeZone = await reachable(request, request.params.id);
      return ok(
        await accounts.detail(request.params.id, request.params.entryId, timeZone, requestLocale(request)),
      );
    },
  );
}
