import { z } from "zod";

/**
 * API usage (the dashboard page and GET /api/v1/usage): read from the daily rollup, days are
 * calendar days in the organisation's time zone, both ends of a period inclusive.
 */
export const USAGE_RANGE_MAX_DAYS = 366;

/** The service filter value meaning "calls that named no service" (stored as ""). */
export const USAGE_NO_SERVICE = "none";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD text, or null when it is no real calendar day. */
export function dayNumber(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(time);
  if (date.toISOString().slice(0, 10) !== day) return null;
  return time / 86_400_000;
}

/** The YYYY-MM-DD `n` days after (negative: before) a day. */
export function addDays(day: string, n: number): string {
  const base = dayNumber(day);
  if (base === null) throw new RangeError(`not a day: ${day}`);
  return new Date((base + n) * 86_400_000).toISOString().slice(0, 10);
}

/** The first day of a day's month (YYYY-MM-01): how the monthly usage rollup names a month. */
export const monthStartOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** How many days a period holds, both ends counted (0 when `to` comes before `from`). */
export function periodDays(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) return 0;
  return Math.max(0, b - a + 1);
}

const dayText = z.string().refine((v) => dayNumber(v) !== null, { error: "invalid_format" });

/** GET /api/v1/usage: the period only. */
export const usagePeriodQuery = z.object({
  from: dayText.meta({
    description: "First day of the period, YYYY-MM-DD in the organisation's time zone.",
    examples: ["2026-03-01"],
  }),
  to: dayText.meta({
    description: "Last day of the period, included; at most 366 days in all.",
    examples: ["2026-03-31"],
  }),
});
export type UsagePeriodQuery = z.infer<typeof usagePeriodQuery>;

/** GET /api/tenant/api-usage: the period and optional filters (one key, endpoint or service). */
export const apiUsageQuery = usagePeriodQuery.extend({
  apiKeyId: z.uuid().optional(),
  /** A route pattern, e.g. "POST /api/v1/check". */
  endpoint: z.string().trim().min(1).max(200).optional(),
  /** A service code, or USAGE_NO_SERVICE for calls without one. */
  service: z.string().trim().min(1).max(40).optional(),
});
export type ApiUsageQuery = z.infer<typeof apiUsageQuery>;

/** GET /api/tenant/api-usage/export */
export const apiUsageExportQuery = apiUsageQuery.extend({ format: z.enum(["csv"]) });

/** Counters shared by every slice of the usage; money as decimal strings of micros. */
export interface UsageCounts {
  calls: number;
  /** Calls answered with a status outside 2xx. */
  errors: number;
  numbers: number;
  costMicros: string;
}

/** Latency percentiles in ms (upper bound of the histogram bucket); null when there were no calls. */
export interface LatencyPercentiles {
  p50: number | null;
  p90: number | null;
  p99: number | null;
}

export interface UsageDay extends UsageCounts {
  /** YYYY-MM-DD in the organisation's time zone. */
  day: string;
  success: number;
}

export interface UsageByKey extends UsageCounts {
  apiKeyId: string;
  /** Null when the key has been deleted: only its id is known. */
  name: string | null;
  mode: "live" | "test" | null;
  last4: string | null;
}

export interface UsageByEndpoint extends UsageCounts {
  endpoint: string;
}

export interface UsageByService extends UsageCounts {
  /** "" for calls that named no service. */
  service: string;
}

export interface UsageByStatus extends UsageCounts {
  status: number;
}

export interface EndpointLatency extends LatencyPercentiles {
  endpoint: string;
  calls: number;
}

/** The answer of GET /api/tenant/api-usage. */
export interface ApiUsageView {
  from: string;
  to: string;
  totals: UsageCounts & { currency: string; latency: LatencyPercentiles & { avgMs: number | null } };
  /** Every day of the period, oldest first, days without calls as zeros. */
  days: UsageDay[];
  byKey: UsageByKey[];
  byEndpoint: UsageByEndpoint[];
  byService: UsageByService[];
  byStatus: UsageByStatus[];
  latencyByEndpoint: EndpointLatency[];
}

/** The answer of GET /api/v1/usage. */
export interface DailyUsageView {
  days: (UsageCounts & { day: string })[];
  currency: string;
}
