import { z } from "zod";
import type { ServicePriceView } from "./prices";
import type { ServiceCode } from "./services";

/** GET /api/v1/coverage: optionally one country (ISO 3166-1 alpha-2, any case). */
export const coverageQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: "invalid_format" })
    .transform((v) => v.toUpperCase())
    .optional()
    .meta({ description: "Only this country: its ISO 3166-1 alpha-2 code, like `DE`." }),
});
export type CoverageQuery = z.infer<typeof coverageQuery>;

/** The figures cover the last seven days (168 UTC hours, the current one included). */
export const COVERAGE_PERIOD_HOURS = 168;

/** Fewer look-ups than this in the period: too few to say; the share and median are null. */
export const COVERAGE_MIN_LOOKUPS = 20;

/**
 * What the providers a caller's checks would be routed to measured for the country's numbers;
 * never which providers they are (docs/api.md, "Coverage").
 */
export interface CoverageStatsView {
  /** Hours the figures cover (the most recent ones): COVERAGE_PERIOD_HOURS. */
  periodHours: number;
  /** Look-ups asked of those providers for the country's numbers in that period. */
  lookups: number;
  /** Share of look-ups answered, 0–1; null below COVERAGE_MIN_LOOKUPS. */
  answeredShare: number | null;
  /** Median answer time in ms (upper bound of its latency slot); null below COVERAGE_MIN_LOOKUPS. */
  medianLatencyMs: number | null;
}

export interface CoverageServiceView {
  service: ServiceCode;
  available: CoverageAvailability;
  /**
   * What one number costs the caller now (decimal string of micros); null: no price is set. For a
   * visitor (the public coverage page): the brand's price for a new customer, its first band.
   */
  priceMicros: string | null;
  currency: string | null;
  /** Live services available in the country, when there were look-ups; null otherwise. */
  stats: CoverageStatsView | null;
}

export interface CoverageCountryView {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Country calling code, digits only ("49"). */
  callingCode: string;
  services: CoverageServiceView[];
}

export interface CoverageView {
  countries: CoverageCountryView[];
}

/**
 * Whether a service answers numbers of a country: `yes`; `sample` — only the free sandbox
 * answers, with sample answers, not the network; `no` — no provider covers the country.
 */
export const COVERAGE_AVAILABILITY = ["yes", "sample", "no"] as const;
export type CoverageAvailability = (typeof COVERAGE_AVAILABILITY)[number];

/**
 * GET /api/tenant/pub/prices: the price list a new customer of the host's brand starts from, per
 * service with its monthly volume bands (the brand's own list where it prices a service, else the
 * standard one). The home page's "How pricing works" shows it.
 */
export interface VisitorPricesView {
  services: ServicePriceView[];
}
