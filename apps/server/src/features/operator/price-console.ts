import { microsToDecimal, parseAmountToMicros } from "@nc/contracts/money";
import {
  type OperatorPriceList,
  type OperatorPricePreview,
  PRICE_PREVIEW_QUANTITIES,
  type PriceListQuery,
  type RemovePriceBody,
  type SetPriceBody,
} from "@nc/contracts/operator";
import { SERVICE_CODES } from "@nc/contracts/prices";
import { AppError, fieldError } from "../../core/app-error";
import type { Db } from "../../core/db";
import type { AuditMeta, OperatorContext } from "../../core/request-context";
import { recordAudit } from "../audit/index";
import { PriceInputError, type PriceService, priceQuoteView, priceView } from "../price/index";
import { consoleRepo } from "./console-repo";
import { partnerLimit, reachesPartner } from "./operator-service";

/**
 * Price lists in the operator console (docs/operations.md, "The operator console"): the same
 * service as `npm run cli -- price`, limited by reach. The standard list is the platform's (any
 * price reader sees it; only a platform operator changes it); a partner's list and its customers'
 * special prices belong to that partner. Changes count for checks priced after them: running
 * servers drop their cached lists on the change (features/price/price-cache.ts).
 */
export function priceConsole(db: Db, prices: PriceService) {
  const customers = consoleRepo(db);

  /** The partner a list belongs to (null: the platform's), refusing what the operator cannot reach. */
  async function ownerOf(
    operator: OperatorContext,
    list: PriceListQuery,
    change: boolean,
  ): Promise<string | null> {
    if (list.scope === "standard") {
      if (change && operator.scope !== "platform") throw new AppError("forbidden");
      return null;
    }
    if (list.scope === "partner") {
      if (!reachesPartner(operator, list.partnerId!)) throw new AppError("notFound");
      return list.partnerId!;
    }
    const customer = await customers.customer(partnerLimit(operator), list.tenantId!);
    if (!customer) throw new AppError("notFound");
    return customer.partner_id;
  }

  /** The service's own refusals (another currency than the other bands) on their fields. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof PriceInputError)) throw error;
      if (/currenc/i.test(error.message)) throw fieldError("currency", "currency_mismatch");
      throw new AppError("notFound");
    }
  }

  async function list(query: PriceListQuery): Promise<OperatorPriceList> {
    const target = await guarded(() => prices.resolveScope(query.scope, query));
    const services =
      query.scope === "standard"
        ? await prices.standardList()
        : query.scope === "partner"
          ? await prices.partnerList(query.partnerId!)
          : await prices.specialList(query.tenantId!);
    return {
      scope: query.scope,
      partnerId: target.partnerId,
      tenantId: target.tenantId,
      defaultCurrency: target.defaultCurrency,
      services: services.map(priceView),
    };
  }

  return {
    async list(operator: OperatorContext, query: PriceListQuery): Promise<OperatorPriceList> {
      await ownerOf(operator, query, false);
      return list(query);
    },

    async set(operator: OperatorContext, body: SetPriceBody, meta: AuditMeta): Promise<OperatorPriceList> {
      const partnerId = await ownerOf(operator, body, true);
      const priceMicros = parseAmountToMicros(body.price);
      if (priceMicros === null || priceMicros <= 0n) throw fieldError("price", "operator_amount_invalid");
      // The band and its audit event are written together or not at all.
      await guarded(() =>
        db.transaction(async (tx) => {
          const row = await prices.within(tx).set({ ...body, priceMicros });
          await recordAudit(tx, {
            tenantId: body.scope === "special" ? body.tenantId! : null,
            ...meta,
            action: "price.set",
            target: { type: "price_list", id: row.scope },
            details: {
              scope: body.scope,
              partnerId,
              service: body.service,
              minMonthlyVolume: body.minMonthlyVolume,
              price: microsToDecimal(priceMicros),
              currency: row.currency,
            },
          });
        }),
      );
      return list(body);
    },

    async remove(
      operator: OperatorContext,
      body: RemovePriceBody,
      meta: AuditMeta,
    ): Promise<OperatorPriceList> {
      const partnerId = await ownerOf(operator, body, true);
      await guarded(() =>
        db.transaction(async (tx) => {
          const removed = await prices
            .within(tx)
            .remove(body.scope, body, body.service, body.minMonthlyVolume);
          if (removed === 0) throw new AppError("notFound");
          await recordAudit(tx, {
            tenantId: body.scope === "special" ? body.tenantId! : null,
            ...meta,
            action: "price.removed",
            target: { type: "price_list", id: body.scope },
            details: {
              scope: body.scope,
              partnerId,
              service: body.service,
              minMonthlyVolume: body.minMonthlyVolume ?? null,
              bands: removed,
            },
          });
        }),
      );
      return list(body);
    },

    /**
     * What the organisation pays now for 1, 10,000 and 1,000,000 numbers of each service: its
     * effective price (special, else partner, else standard) at the band this month's volume has
     * reached, as a check would be priced; null for a service no list prices.
     */
    async preview(operator: OperatorContext, tenantId: string): Promise<OperatorPricePreview> {
      const customer = await customers.customer(partnerLimit(operator), tenantId);
      if (!customer) throw new AppError("notFound");
      const rows = await Promise.all(
        SERVICE_CODES.map(async (service) => {
          try {
            const quotes = await Promise.all(
              PRICE_PREVIEW_QUANTITIES.map((quantity) =>
                prices.quote(tenantId, service, quantity, customer.partner_id),
              ),
            );
            return { service, quotes: quotes.map(priceQuoteView) };
          } catch (error) {
            if (error instanceof AppError && error.key === "priceNotSet") return { service, quotes: null };
            throw error;
          }
        }),
      );
      return { tenantId, rows };
    },
  };
}
