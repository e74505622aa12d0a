import { apiReceiptParams, apiStatementParams } from "@nc/contracts/public-api";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../../core/db";
import { ok } from "../../../core/envelope";
import { requestLocale } from "../../../http/locale";
import type { AuditService } from "../../audit/index";
import { invoiceService, sendPdf } from "../../invoice/index";
import { requireApiKey } from "../api-key-auth";

/**
 * GET /api/v1/receipts and /api/v1/statements: the same PDFs as the account page (docs/operations.md,
 * "Billing details, receipts and statements"), in the language the client asks for (scope usage:read).
 */
export function billingApiRoutes(scope: FastifyInstance, db: Db, audit: AuditService) {
  const invoices = invoiceService(db, { audit });
  const config = { apiKey: { scopes: ["usage:read"] as const } };
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get("/api/v1/receipts", { config }, async (request) =>
    ok({ items: await invoices.receipts(requireApiKey(request).tenantId) }),
  );

  r.get("/api/v1/receipts/:id", { schema: { params: apiReceiptParams }, config }, async (request, reply) =>
    sendPdf(
      reply,
      await invoices.receiptPdf(requireApiKey(request).tenantId, request.params.id, requestLocale(request)),
    ),
  );

  r.get("/api/v1/statements", { config }, async (request) =>
    ok({ months: await invoices.statementMonths(requireApiKey(request).tenantId) }),
  );

  r.get(
    "/api/v1/statements/:month",
    { schema: { params: apiStatementParams }, config },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoices.statementPdf(
          requireApiKey(request).tenantId,
          request.params.month,
          requestLocale(request),
        ),
      ),
  );
}
