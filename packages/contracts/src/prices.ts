import { z } from "zod";
import { SERVICES, type ServiceCode } from "./services";

/** Prices per number by service and monthly volume band (docs/operations.md, "Prices"). */
export const SERVICE_CODES = SERVICES.map((s) => s.code) as [ServiceCode, ...ServiceCode[]];

export const PRICE_QUOTE_MAX_QUANTITY = 10_000_000;

/** Where an effective price comes from: the organisation's own, its partner's list, or the platform's. */
export type PriceSource = "special" | "partner" | "standard";

/** GET /api/tenant/price/quote?service=&quantity= */
export const priceQuoteQuery = z.object({
  service: z.enum(SERVICE_CODES),
  quantity: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1 && n <= PRICE_QUOTE_MAX_QUANTITY, { error: "out_of_range" })
    .default(1),
});
export type PriceQuoteQuery = z.input<typeof priceQuoteQuery>;

/** One band: from this many numbers checked in the calendar month (UTC), this price per number. */
export interface PriceBandView {
  minMonthlyVolume: number;
  /** Micros, as a decimal string. */
  priceMicros: string;
}

export interface ServicePriceView {
  service: ServiceCode;
  currency: string;
  bands: PriceBandView[];
  /** Only in the effective list. */
  source?: PriceSource;
}

/** What the caller may see; a list is absent when the permission for it is missing. */
export interface PriceOverview {
  /** special_price:read: the organisation's effective prices and its volume this month. */
  effective?: { services: ServicePriceView[]; monthlyVolume: Record<string, number> };
  /** standard_price:read: the platform's list. */
  standard?: ServicePriceView[];
  /** dsp_standard_price:read: the partner's list for its customers. */
  partner?: ServicePriceView[];
}

export interface PriceQuoteView {
  service: ServiceCode;
  quantity: number;
  /** Numbers checked this month before this purchase; it picks the band. */
  monthlyVolume: number;
  /** The start of the band applied (its minMonthlyVolume). */
  band: number;
  source: PriceSource;
  currency: string;
  unitPriceMicros: string;
  totalMicros: string;
}
