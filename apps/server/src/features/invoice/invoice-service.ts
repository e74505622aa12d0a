import { type BillingDetails, type billingDetailsBody, taxIdFault } from "@nc/contracts/billing-details";
import type { Locale } from "@nc/contracts/locales";
import { formatMoney } from "@nc/contracts/money";
import type { z } from "zod";
import { AppError, fieldError } from "../../core/app-error";
import type { Db } from "../../core/db";
import type { AuditMeta } from "../../core/request-context";
import { translate } from "../../i18n/translate";
import type { AuditService } from "../audit/index";
import { type BillingDetailsRow, type DocumentParty, invoiceRepo } from "./invoice-repo";
import { type PdfModel, renderPdf } from "./pdf";

type DetailsInput = z.output<typeof billingDetailsBody>;

/** How many credited top-ups the public API lists. */
const RECEIPTS_LISTED = 100;

/** How many months back the statement list reaches. */
export const STATEMENT_MONTHS_MAX = 24;

const view = (row: BillingDetailsRow): BillingDetails => ({
  legalName: row.legalName,
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  city: row.city,
  postalCode: row.postalCode,
  region: row.region,
  country: row.country,
  taxId: row.taxId,
  updatedAt: row.updatedAt.toISOString(),
});

/** The organisation's details as printed: name, address lines, country in the reader's language, tax number. */
function billedToLines(details: BillingDetailsRow | undefined, party: DocumentParty, locale: Locale) {
  if (!details) return [party.tenant_name];
  const country = new Intl.DisplayNames([locale], { type: "region" }).of(details.country) ?? details.country;
  const cityLine = [details.postalCode, details.city, details.region].filter(Boolean).join(" ");
  return [
    details.legalName,
    details.addressLine1,
    ...(details.addressLine2 ? [details.addressLine2] : []),
    cityLine,
    country,
    ...(details.taxId ? [translate(locale, "documents:common.taxId", { taxId: details.taxId })] : []),
  ];
}

/** The month before `month` (YYYY-MM). */
const previousMonth = (month: string) => {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, "0")}`;
};

/** The current month (YYYY-MM) in a time zone. */
const currentMonth = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" }).format(now).slice(0, 7);

/**
 * Billing details, receipts and monthly statements (docs/operations.md, "Billing details, receipts
 * and statements"). Documents carry the brand of the organisation's partner, never another's, and
 * are written in the reader's language.
 */
export function invoiceService(db: Db, { audit }: { audit: Pick<AuditService, "record"> }) {
  const repo = invoiceRepo(db);

  async function partyOf(tenantId: string) {
    const party = await repo.party(tenantId);
    if (!party) throw new AppError("notFound");
    return party;
  }

  /** The months with a statement, newest first: from the first ledger row's month to this one. */
  async function statementMonths(tenantId: string): Promise<string[]> {
    const party = await partyOf(tenantId);
    const first = await repo.firstMonth(tenantId, party.timezone_code);
    const months: string[] = [];
    for (
      let m = currentMonth(party.timezone_code);
      first && m >= first && months.length < STATEMENT_MONTHS_MAX;
    ) {
      months.push(m);
      m = previousMonth(m);
    }
    return months;
  }

  return {
    async details(tenantId: string): Promise<BillingDetails | null> {
      const row = await repo.details(tenantId);
      return row ? view(row) : null;
    },

    /**
     * Saves the details after checking the tax number against the country's format (its error
     * names the field, the reason and the example to follow); audited with what changed.
     */
    async saveDetails(tenantId: string, input: DetailsInput, meta: AuditMeta & { userId: string }) {
      if (input.taxId) {
        const fault = taxIdFault(input.country, input.taxId);
        if (fault) throw fieldError("taxId", fault.reason, fault.params);
      }
      const values = {
        legalName: input.legalName,
        addressLine1: input.addressLine1,
        addressLine2: input.addressLine2,
        city: input.city,
        postalCode: input.postalCode,
        region: input.region,
        country: input.country,
        taxId: input.taxId,
      };
      const saved = await db.transaction(async (tx) => {
        const before = await repo.details(tenantId, tx);
        const row = await repo.saveDetails(tenantId, values, meta.userId, tx);
        const was: Record<string, unknown> = {};
        for (const key of Object.keys(values) as (keyof typeof values)[]) was[key] = before?.[key] ?? null;
        await audit.record(tx, {
          tenantId,
          actor: meta.actor,
          ip: meta.ip,
          userAgent: meta.userAgent,
          action: "organisation.billing_details_updated",
          target: { type: "organisation", id: tenantId },
          details: { before: was, after: values },
        });
        return row;
      });
      return view(saved);
    },

    /** The credited top-ups whose receipts can be asked for, newest first (the public API's list). */
    async receipts(tenantId: string) {
      const rows = await repo.paidOrders(tenantId, RECEIPTS_LISTED);
      return rows.map((row) => ({
        id: row.id,
        paidAt: new Date(row.paid_at).toISOString(),
        amountMicros: row.credited_micros,
        currency: row.currency,
        method: row.method,
      }));
    },

    /** A credited top-up's receipt as PDF; 404 for an order of another organisation or one not credited. */
    async receiptPdf(tenantId: string, orderId: string, locale: Locale) {
      const order = await repo.paidOrder(tenantId, orderId);
      if (!order) throw new AppError("notFound");
      const details = await repo.details(tenantId);
      const t = (key: string, params?: Record<string, unknown>) =>
        translate(locale, `documents:${key}`, params);
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: order.timezone_code }).format(order.paid_at);
      const number = `R-${day.replaceAll("-", "")}-${order.reference.replace(/^[A-Z]+-/, "").replace(/-/g, "")}`;
      const amount = formatMoney(order.credited_micros, order.currency, locale);
      const method = t(`common.methods.${order.method}`);
      const model: PdfModel = {
        brand: { name: order.brand_name, email: order.brand_email },
        title: t("receipt.title"),
        facts: [
          [t("receipt.number"), number],
          [
            t("receipt.date"),
            new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: order.timezone_code }).format(
              order.paid_at,
            ),
          ],
          [t("receipt.method"), method],
        ],
        billedTo: { label: t("common.billedTo"), lines: billedToLines(details, order, locale) },
        lines: {
          header: [t("common.description"), t("common.amount")],
          rows: [[t("receipt.line", { method }), amount]],
          total: [t("receipt.total", { currency: order.currency }), amount],
        },
        footer: t("receipt.footer", { tenant: order.tenant_name }),
      };
      return { pdf: await renderPdf(model), fileName: `receipt-${number}.pdf` };
    },

    statementMonths,

    /** A month's statement as PDF: opening balance, top-ups, corrections, charges by service, closing balance. */
    async statementPdf(tenantId: string, month: string, locale: Locale) {
      if (!(await statementMonths(tenantId)).includes(month)) throw new AppError("notFound");
      const party = await partyOf(tenantId);
      const tz = party.timezone_code;
      const [totals, charges, details] = await Promise.all([
        repo.statement(tenantId, month, tz),
        repo.chargesByService(tenantId, month, tz),
        repo.details(tenantId),
      ]);
      const t = (key: string, params?: Record<string, unknown>) =>
        translate(locale, `documents:${key}`, params);
      const money = (micros: string | bigint) => formatMoney(micros, party.currency, locale);
      const period = new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "long",
        timeZone: "UTC",
      }).format(new Date(`${month}-01T00:00:00Z`));
      const serviceName = (code: string) =>
        code === "other" ? t("statement.otherCharges") : translate(locale, `services:${code}.name`);
      const rows: [string, string][] = [
        [t("statement.opening"), money(totals.opening_micros)],
        [t("statement.topUps"), money(totals.top_up_micros)],
        ...(BigInt(totals.adjustment_micros) === 0n
          ? []
          : [[t("statement.adjustments"), money(totals.adjustment_micros)] as [string, string]]),
        ...charges.map(
          (c) =>
            [t("statement.charges", { service: serviceName(c.service) }), money(-BigInt(c.micros))] as [
              string,
              string,
            ],
        ),
      ];
      const model: PdfModel = {
        brand: { name: party.brand_name, email: party.brand_email },
        title: t("statement.title"),
        facts: [
          [t("statement.period"), period],
          [
            t("statement.issued"),
            new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: tz }).format(new Date()),
          ],
        ],
        billedTo: { label: t("common.billedTo"), lines: billedToLines(details, party, locale) },
        lines: {
          header: [t("common.description"), t("common.amount")],
          rows,
          total: [t("statement.closing"), money(totals.closing_micros)],
        },
        footer: t("statement.footer", { currency: party.currency, timeZone: tz }),
      };
      return { pdf: await renderPdf(model), fileName: `statement-${month}.pdf` };
    },
  };
}

export type InvoiceService = ReturnType<typeof invoiceService>;
