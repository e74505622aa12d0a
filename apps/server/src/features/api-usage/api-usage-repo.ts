import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
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
  dim: "day" | "key" | "endpoint" | "service" | "status";
  day: string | null;
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

/** The period and filters; the period is a range of the primary key (tenant_id, day, ...). */
function conditions(tenantId: string, filter: UsageFilter): SQL {
  const parts: SQL[] = [
    sql`u.tenant_id = ${tenantId}`,
    sql`u.day between ${filter.from}::date and ${filter.to}::date`,
  ];
  if (filter.apiKeyId) parts.push(sql`u.api_key_id = ${filter.apiKeyId}`);
  if (filter.endpoint) parts.push(sql`u.endpoint = ${filter.endpoint}`);
  if (filter.service !== undefined) parts.push(sql`u.service = ${filter.service}`);
  return sql.join(parts, sql` and `);
}

/**
 * All SQL of the API usage page. It reads only the daily rollup (api_usage_daily), never the raw
 * calls, so a year of a busy organisation is a range scan of its rollup rows, grouped in SQL.
 */
export function apiUsageRepo(db: Db) {
  return {
    /**
     * Every breakdown of the page in one pass over the rows: per day, key, endpoint, service and
     * status (grouping sets). The grand total is added up from the days by the service: a sixth
     * set would cost a fifth more. Keys are named from api_keys of the same organisation; a
     * deleted key keeps only its id.
     */
    slices: (tenantId: string, filter: UsageFilter) =>
      queryRows<SliceRow>(
        db,
        sql`with g as (
              select case when grouping(u.day) = 0 then 'day'
                          when grouping(u.api_key_id) = 0 then 'key'
                          when grouping(u.endpoint) = 0 then 'endpoint'
                          when grouping(u.service) = 0 then 'service'
                          else 'status' end as dim,
                     to_char(u.day, 'YYYY-MM-DD') as day, u.api_key_id, u.endpoint, u.service, u.status,
                     ${SUMS}
              from api_usage_daily u
              where ${conditions(tenantId, filter)}
              group by grouping sets ((u.day), (u.api_key_id), (u.endpoint), (u.service), (u.status))
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
            from api_usage_daily u, unnest(u.latency_hist) with ordinality as h(n, slot)
            where ${conditions(tenantId, filter)} and h.n <> 0
            group by u.endpoint, h.slot`,
      ),

    /** Per day only (the public usage endpoint); days without calls are absent. */
    days: (tenantId: string, filter: UsageFilter) =>
      queryRows<DayRow>(
        db,
        sql`select to_char(u.day, 'YYYY-MM-DD') as day, sum(u.calls)::text as calls, ${ERROR_CALLS}::text as errors,
                   sum(u.numbers)::text as numbers, sum(u.cost_micros)::text as cost_micros
            from api_usage_daily u
            where ${conditions(tenantId, filter)}
            group by u.day
            order by u.day`,
      ),

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
