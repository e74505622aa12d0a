import { addDays, monthStartOf } from "@nc/contracts/api-usage";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";

/** Which rollup rows a read covers: a period of days (both inclusive) and optional filters. */
export interface UsageFilter {
  from: string;
  to: string;
  apiKeyId?: string;
  endpoint?: string;
  /** "" selects calls that named no service. */
  service?: string;
}

/** Sums of a slice of the rollup; bigint sums come back as text so no driver rounds them. */
export interface SumColumns {
  calls: string;
  errors: string;
  numbers: string;
  cost_micros: string;
  latency_ms_sum: number;
}

/** One row of the grouped read: `dim` says which grouping set it belongs to. */
export interface SliceRow extends SumColumns {
  dim: "key" | "endpoint" | "service" | "status";
  api_key_id: string | null;
  endpoint: string | null;
  service: string | null;
  status: number | null;
  key_name: string | null;
  key_mode: string | null;
  key_last4: string | null;
}

/** Calls per latency slot (1-based, as Postgres counts) of one endpoint. */
export interface HistogramRow {
  endpoint: string;
  slot: number;
  calls: string;
}

export interface DayRow extends Omit<SumColumns, "latency_ms_sum"> {
  day: string;
}

/** One rollup row as exported; the histogram as comma-separated counts. */
export interface ExportRow {
  day: string;
  api_key_id: string;
  key_name: string | null;
  key_mode: string | null;
  endpoint: string;
  service: string;
  status: number;
  calls: string;
  numbers: string;
  cost_micros: string;
  latency_ms_sum: number;
  latency_hist: string;
}

/** The export's keyset position: the rollup's primary key after the tenant. */
export type ExportCursor = Pick<ExportRow, "day" | "api_key_id" | "endpoint" | "service" | "status">;

const ERROR_CALLS = sql.raw("coalesce(sum(u.calls) filter (where u.status not between 200 and 299), 0)");

const SUMS = sql`sum(u.calls)::text as calls, ${ERROR_CALLS}::text as errors, sum(u.numbers)::text as numbers,
                 sum(u.cost_micros)::text as cost_micros, sum(u.latency_ms_sum)::float8 as latency_ms_sum`;

/** The key, endpoint and service filters (the period is applied per source). */
function filters(filter: UsageFilter): SQL[] {
  const parts: SQL[] = [];
  if (filter.apiKeyId) parts.push(sql`u.api_key_id = ${filter.apiKeyId}`);
  if (filter.endpoint) parts.push(sql`u.endpoint = ${filter.endpoint}`);
  if (filter.service !== undefined) parts.push(sql`u.service = ${filter.service}`);
  return parts;
}

/** The organisation, a period (a range of the rollup's primary key after it) and the filters. */
function where(tenantId: string, period: SQL, filter: UsageFilter): SQL {
  return sql.join([sql`u.tenant_id = ${tenantId}`, period, ...filters(filter)], sql` and `);
}

/** The period and filters on a rollup by day (daily rows or day totals). */
function conditions(tenantId: string, filter: UsageFilter): SQL {
  return where(tenantId, sql`u.day between ${filter.from}::date and ${filter.to}::date`, filter);
}

const nextMonth = (day: string) => monthStartOf(addDays(monthStartOf(day), 32));

/**
 * A period cut at whole months: the months it covers entirely (first month, and the month after
 * the last) are read from the monthly rollup, the days before and after them from the daily one.
 */
export function splitPeriod(
  from: string,
  to: string,
): { months: [string, string] | null; days: [string, string][] } {
  const first = from === monthStartOf(from) ? from : nextMonth(from);
  const end = addDays(to, 1) === nextMonth(to) ? nextMonth(to) : monthStartOf(to);
  if (first >= end) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < first) days.push([from, addDays(first, -1)]);
  if (end <= to) days.push([end, to]);
  return { months: [first, end], days };
}

const ROW_COLUMNS = sql.raw(
  "u.api_key_id, u.endpoint, u.service, u.status, u.calls, u.numbers, u.cost_micros, u.latency_ms_sum, u.latency_hist",
);

/**
 * The rollup rows of a period, filtered: whole months from api_usage_monthly, the days at either
 * end from api_usage_daily (a year is ~12 rows per combination instead of 365).
 */
function periodRows(tenantId: string, filter: UsageFilter): SQL {
  const split = splitPeriod(filter.from, filter.to);
  const parts: SQL[] = [];
  if (split.months)
    parts.push(
      sql`select ${ROW_COLUMNS} from api_usage_monthly u
          where ${where(tenantId, sql`u.month >= ${split.months[0]}::date and u.month < ${split.months[1]}::date`, filter)}`,
    );
  for (const [a, b] of split.days)
    parts.push(
      sql`select ${ROW_COLUMNS} from api_usage_daily u where ${conditions(tenantId, { ...filter, from: a, to: b })}`,
    );
  return sql.join(parts, sql` union all `);
}

/**
 * All SQL of the API usage page. It reads only the rollups (daily, monthly, day totals), never the
 * raw calls, so a year of a busy organisation is a few range scans, grouped in SQL.
 */
export function apiUsageRepo(db: Db) {
  return {
    /**
     * The page's breakdowns in one pass over the period's rows: per key, endpoint, service and
     * status (grouping sets). Keys are named from api_keys of the same organisation; a deleted
     * key keeps only its id.
     */
    slices: (tenantId: string, filter: UsageFilter) =>
      queryRows<SliceRow>(
        db,
        sql`with g as (
              select case when grouping(u.api_key_id) = 0 then 'key'
                          when grouping(u.endpoint) = 0 then 'endpoint'
                          when grouping(u.service) = 0 then 'service'
                          else 'status' end as dim,
                     u.api_key_id, u.endpoint, u.service, u.status, ${SUMS}
              from (${periodRows(tenantId, filter)}) u
              group by grouping sets ((u.api_key_id), (u.endpoint), (u.service), (u.status))
            )
            select g.*, k.name as key_name, k.mode as key_mode, k.last4 as key_last4
            from g left join api_keys k on k.id = g.api_key_id and k.tenant_id = ${tenantId}`,
      ),

    /**
     * The latency histograms merged slot by slot per endpoint: each row's array is unnested with
     * its slot number and the counts summed per endpoint and slot. Empty slots are skipped (most
     * are: calls cluster in a few buckets), which halves the rows the sum has to hash.
     */
    histograms: (tenantId: string, filter: UsageFilter) =>
      queryRows<HistogramRow>(
        db,
        sql`select u.endpoint, h.slot::int as slot, sum(h.n)::text as calls
            from (${periodRows(tenantId, filter)}) u, unnest(u.latency_hist) with ordinality as h(n, slot)
            where h.n <> 0
            group by u.endpoint, h.slot`,
      ),

    /**
     * Per day; days without calls are absent. Without a key or endpoint filter from the day totals
     * (a handful of rows a day), else from the daily rollup through its key or endpoint index.
     */
    days: (tenantId: string, filter: UsageFilter) => {
      const totals = !filter.apiKeyId && !filter.endpoint;
      return queryRows<DayRow>(
        db,
        sql`select to_char(u.day, 'YYYY-MM-DD') as day, sum(u.calls)::text as calls,
                   ${totals ? sql`sum(u.errors)` : ERROR_CALLS}::text as errors,
                   sum(u.numbers)::text as numbers, sum(u.cost_micros)::text as cost_micros
            from ${sql.raw(totals ? "api_usage_day_totals" : "api_usage_daily")} u
            where ${conditions(tenantId, filter)}
            group by u.day
            order by u.day`,
      );
    },

    /** The rollup rows themselves in primary-key order, after the cursor: the export's pages. */
    exportPage: (tenantId: string, filter: UsageFilter, limit: number, cursor?: ExportCursor) =>
      queryRows<ExportRow>(
        db,
        sql`select to_char(u.day, 'YYYY-MM-DD') as day, u.api_key_id, k.name as key_name, k.mode as key_mode,
                   u.endpoint, u.service, u.status, u.calls::text as calls, u.numbers::text as numbers,
                   u.cost_micros::text as cost_micros, u.latency_ms_sum,
                   array_to_string(u.latency_hist, ',') as latency_hist
            from api_usage_daily u
            left join api_keys k on k.id = u.api_key_id and k.tenant_id = ${tenantId}
            where ${conditions(tenantId, filter)}
              ${
                cursor
                  ? sql`and (u.day, u.api_key_id, u.endpoint, u.service, u.status) >
                          (${cursor.day}::date, ${cursor.api_key_id}::uuid, ${cursor.endpoint}, ${cursor.service}, ${cursor.status}::int)`
                  : sql``
              }
            order by u.day, u.api_key_id, u.endpoint, u.service, u.status
            limit ${limit}`,
      ),
  };
}

export type ApiUsageRepo = ReturnType<typeof apiUsageRepo>;
