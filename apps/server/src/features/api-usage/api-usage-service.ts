import {
  type ApiUsageQuery,
  type ApiUsageView,
  addDays,
  type DailyUsageView,
  type LatencyPercentiles,
  periodDays,
  USAGE_NO_SERVICE,
  USAGE_RANGE_MAX_DAYS,
  type UsageByKey,
  type UsageCounts,
} from "@nc/contracts/api-usage";
import type { Locale } from "@nc/contracts/locales";
import { AppError, fieldError } from "../../core/app-error";
import type { Db } from "../../core/db";
import type { BillingService } from "../billing/index";
import { LATENCY_SLOTS, percentile } from "../metering/index";
import { usageCsv } from "./api-usage-export";
import {
  apiUsageRepo,
  type HistogramRow,
  type SliceRow,
  type SumColumns,
  type UsageFilter,
} from "./api-usage-repo";

/** A period must run forwards and span at most USAGE_RANGE_MAX_DAYS days. */
export function checkPeriod(from: string, to: string) {
  if (to < from) throw fieldError("to", "before_start");
  if (periodDays(from, to) > USAGE_RANGE_MAX_DAYS)
    throw new AppError("usageRangeTooLong", null, { max: USAGE_RANGE_MAX_DAYS });
}

/** The query's filters as the repo reads them ("none" is the empty service). */
export const toFilter = (query: ApiUsageQuery): UsageFilter => ({
  from: query.from,
  to: query.to,
  apiKeyId: query.apiKeyId,
  endpoint: query.endpoint,
  service: query.service === USAGE_NO_SERVICE ? "" : query.service,
});

type Sums = Omit<SumColumns, "latency_ms_sum">;

const counts = (row: Sums): UsageCounts => ({
  calls: Number(row.calls),
  errors: Number(row.errors),
  numbers: Number(row.numbers),
  costMicros: row.cost_micros,
});

const ZERO: UsageCounts = { calls: 0, errors: 0, numbers: 0, costMicros: "0" };

/** The counts of several rows added up (money as bigint, so no micro is lost). */
function sumOf(rows: Sums[]): UsageCounts {
  let cost = 0n;
  const sum = { calls: 0, errors: 0, numbers: 0 };
  for (const row of rows) {
    const c = counts(row);
    sum.calls += c.calls;
    sum.errors += c.errors;
    sum.numbers += c.numbers;
    cost += BigInt(row.cost_micros);
  }
  return { ...sum, costMicros: cost.toString() };
}

/** Every day of the period in order, each with its counts or zeros. */
function everyDay<T extends { day: string }>(
  from: string,
  to: string,
  rows: T[],
  fill: (day: string) => T,
): T[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: T[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(byDay.get(day) ?? fill(day));
  return days;
}

const byCallsDesc = (a: UsageCounts, b: UsageCounts) => b.calls - a.calls;

function percentiles(hist: number[] | undefined): LatencyPercentiles {
  const h = hist ?? [];
  return { p50: percentile(h, 50), p90: percentile(h, 90), p99: percentile(h, 99) };
}

/** The merged histogram of each endpoint, and over them all. */
function mergeHistograms(rows: HistogramRow[]): { byEndpoint: Map<string, number[]>; all: number[] } {
  const byEndpoint = new Map<string, number[]>();
  const all = new Array<number>(LATENCY_SLOTS).fill(0);
  for (const row of rows) {
    let hist = byEndpoint.get(row.endpoint);
    if (!hist) {
      hist = new Array<number>(LATENCY_SLOTS).fill(0);
      byEndpoint.set(row.endpoint, hist);
    }
    const calls = Number(row.calls);
    hist[row.slot - 1]! += calls;
    all[row.slot - 1]! += calls;
  }
  return { byEndpoint, all };
}

/** Reads of the API usage page and of GET /api/v1/usage; all from the rollups. */
export function apiUsageService(db: Db, billing: Pick<BillingService, "balance">) {
  const repo = apiUsageRepo(db);
  const currencyOf = async (tenantId: string) => (await billing.balance(tenantId)).currency;

  return {
    repo,

    /** Totals, every day of the period, the breakdowns and latency percentiles per endpoint. */
    async usage(tenantId: string, query: ApiUsageQuery): Promise<ApiUsageView> {
      checkPeriod(query.from, query.to);
      const filter = toFilter(query);
      const [days, slices, histograms, currency] = await Promise.all([
        repo.days(tenantId, filter),
        repo.slices(tenantId, filter),
        repo.histograms(tenantId, filter),
        currencyOf(tenantId),
      ]);
      const of = (dim: SliceRow["dim"]) => slices.filter((r) => r.dim === dim);
      const totals = sumOf(days);
      // Every call is in exactly one endpoint's row.
      const latencySum = of("endpoint").reduce((sum, r) => sum + r.latency_ms_sum, 0);
      const hist = mergeHistograms(histograms);
      return {
        from: query.from,
        to: query.to,
        totals: {
          ...totals,
          currency,
          latency: {
            avgMs: totals.calls > 0 ? latencySum / totals.calls : null,
            ...percentiles(hist.all),
          },
        },
        days: everyDay(
          query.from,
          query.to,
          days.map((r) => {
            const c = counts(r);
            return { day: r.day, ...c, success: c.calls - c.errors };
          }),
          (day) => ({ day, ...ZERO, success: 0 }),
        ),
        byKey: of("key")
          .map(
            (r): UsageByKey => ({
              apiKeyId: r.api_key_id!,
              name: r.key_name,
              mode: r.key_mode === "live" || r.key_mode === "test" ? r.key_mode : null,
              last4: r.key_last4,
              ...counts(r),
            }),
          )
          .sort(byCallsDesc),
        byEndpoint: of("endpoint")
          .map((r) => ({ endpoint: r.endpoint!, ...counts(r) }))
          .sort(byCallsDesc),
        byService: of("service")
          .map((r) => ({ service: r.service!, ...counts(r) }))
          .sort(byCallsDesc),
        byStatus: of("status")
          .map((r) => ({ status: r.status!, ...counts(r) }))
          .sort((a, b) => a.status - b.status),
        latencyByEndpoint: of("endpoint")
          .map((r) => ({
            endpoint: r.endpoint!,
            calls: Number(r.calls),
            ...percentiles(hist.byEndpoint.get(r.endpoint!)),
          }))
          .sort((a, b) => b.calls - a.calls),
      };
    },

    /** The export of the query's rollup rows (header in `locale`), checked before the first byte is sent. */
    async exportCsv(tenantId: string, query: ApiUsageQuery, timeZone: string, locale: Locale) {
      checkPeriod(query.from, query.to);
      return usageCsv(repo, tenantId, toFilter(query), await currencyOf(tenantId), timeZone, locale);
    },

    /** Per day of the period (zeros included), for GET /api/v1/usage. */
    async dailyUsage(tenantId: string, from: string, to: string): Promise<DailyUsageView> {
      checkPeriod(from, to);
      const [rows, currency] = await Promise.all([repo.days(tenantId, { from, to }), currencyOf(tenantId)]);
      return {
        days: everyDay(
          from,
          to,
          rows.map((r) => ({ day: r.day, ...counts(r) })),
          (day) => ({ day, ...ZERO }),
        ),
        currency,
      };
    },
  };
}

export type ApiUsageService = ReturnType<typeof apiUsageService>;
