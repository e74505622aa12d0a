import { billingDetailsBody, statementMonthParams } from "@nc/contracts/billing-details";
import type { Locale } from "@nc/contracts/locales";
import type { FastifyContextConfig, FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requireSession } from "../../http/context";
import { requestLocale } from "../../http/locale";
import { requireTenant } from "../../http/tenant-context";
import { invoiceService } from "./invoice-service";

const idParams = z.object({ id: z.uuid() });

/** A made document, sent as a download that no cache keeps. */
export const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.pdf);

/**
 * Billing details, receipts and monthly statements of the active organisation (docs/operations.md,
 * "Billing details, receipts and statements").
 */
export async function invoiceRoutes(app: FastifyInstance) {
  const invoices = invoiceService(app.services.database.db, { audit: app.services.audit });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ["account:read"] } as const;
  const statement = { tenant: true, permissions: ["account_stmt:read"] } as const;

  r.get("/api/tenant/account/billing-details", { config: read }, async (request) =>
    ok(await invoices.details(requireTenant(request).id)),
  );

  r.post(
    "/api/tenant/account/billing-details",
    // Money settings need a fresh proof (docs/security.md, "Step-up").
    {
      schema: { body: billingDetailsBody },
      config: { tenant: true, permissions: ["tenant:update"], stepUp: true },
    },
    async (request) =>
      ok(
        await invoices.saveDetails(requireTenant(request).id, request.body, {
          ...auditMeta(request),
          userId: requireSession(request).user.id,
        }),
      ),
  );

  /** A route answering a document the service makes for the organisation, in the reader's language. */
  const pdfRoute = <P extends typeof idParams | typeof statementMonthParams>(
    url: string,
    params: P,
    config: FastifyContextConfig,
    make: (
      tenantId: string,
      params: z.infer<P>,
      locale: Locale,
    ) => Promise<{ pdf: Buffer; fileName: string }>,
  ) =>
    r.get(url, { schema: { params }, config }, async (request, reply) =>
      sendPdf(
        reply,
        await make(requireTenant(request).id, request.params as z.infer<P>, requestLocale(request)),
      ),
    );

  pdfRoute("/api/tenant/recharge/s/:id/receipt/pdf", idParams, read, (tenantId, { id }, locale) =>
    invoices.receiptPdf(tenantId, id, locale),
  );

  r.get("/api/tenant/account/statements", { config: statement }, async (request) =>
    ok({ months: await invoices.statementMonths(requireTenant(request).id) }),
  );

  pdfRoute(
    "/api/tenant/account/statements/:month/pdf",
    statementMonthParams,
    statement,
    (tenantId, { month }, locale) => invoices.statementPdf(tenantId, month, locale),
  );
}
