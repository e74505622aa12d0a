import { sql } from "drizzle-orm";
import type { Db, Runner } from "../../core/db";
import { addedSlotwise } from "../../db/query";

/** One metered call as written to api_calls. */
export interface CallRow {
  tenantId: string;
  apiKeyId: string;
  method: string;
  endpoint: string;
  service: string | null;
  status: number;
  numbers: number;
  costMicros: bigint;
  latencyMs: number;
  requestId: string | null;
  at: Date;
  /** The request log's own fields (docs/operations.md, "The API request log"). */
  path: string;
  errorCode: number | null;
  idempotencyKey: string | null;
}

/**
 * The sum of calls sharing a rollup row (same organisation, day — or month, its first day —, key,
 * endpoint, service, status).
 */
export interface RollupRow {
  tenantId: string;
  /** YYYY-MM-DD: the day, or for the monthly rollup the first day of the month. */
  day: string;
  apiKeyId: string;
  endpoint: string;
  service: string;
  status: number;
  calls: number;
  numbers: number;
  costMicros: bigint;
  latencyMsSum: number;
  latencyHist: number[];
}

/** Calls of one organisation, day and service, whatever the key, endpoint and status. */
export interface DayTotalRow {
  tenantId: string;
  day: string;
  service: string;
  calls: number;
  errors: number;
  numbers: number;
  costMicros: bigint;
}

/** The retention sweep's statement (`deleteCallsBefore`; EXPLAINed by the request log's tests). */
export const deleteCallsStatement = (cutoff: Date, limit: number) =>
  sql`delete from api_calls where id in (
        select id from (select id, at from api_calls order by id limit ${limit}) oldest
        where at < ${cutoff.toISOString()}::timestamptz)`;

const ROLLUPS = {
  daily: { table: sql.raw("api_usage_daily"), period: sql.raw("day") },
  monthly: { table: sql.raw("api_usage_monthly"), period: sql.raw("month") },
};

/** All SQL of metering: raw calls in one insert, rollups in one upsert that adds to what is there. */
export function meteringRepo(db: Db) {
  return {
    /** The rows travel as one JSON document (no per-value parameters to build for thousands of calls). */
    async insertCalls(rows: CallRow[], runner: Runner = db) {
      if (rows.length === 0) return;
      const document = JSON.stringify(
        rows.map((r) => ({
          tenant_id: r.tenantId,
          api_key_id: r.apiKeyId,
          method: r.method,
          endpoint: r.endpoint,
          service: r.service,
          status: r.status,
          numbers: r.numbers,
          cost_micros: r.costMicros.toString(),
          latency_ms: r.latencyMs,
          request_id: r.requestId,
          at: r.at.toISOString(),
          path: r.path,
          error_code: r.errorCode,
          idempotency_key: r.idempotencyKey,
        })),
      );
      await runner.execute(
        sql`insert into api_calls (tenant_id, api_key_id, method, endpoint, service, status, numbers,
                                   cost_micros, latency_ms, request_id, at, path, error_code, idempotency_key)
            select * from json_to_recordset(${document}::json) as r(tenant_id uuid, api_key_id uuid,
              method text, endpoint text, service text, status int, numbers int, cost_micros bigint,
              latency_ms real, request_id text, at timestamptz, path text, error_code int,
              idempotency_key text)`,
      );
    },

    /** Adds each row to its daily or monthly rollup (histograms element by element); concurrent writers just add. */
    async addRollups(rollup: keyof typeof ROLLUPS, rows: RollupRow[], runner: Runner = db) {
      if (rows.length === 0) return;
      const { table, period } = ROLLUPS[rollup];
      const values = rows.map(
        (r) =>
          sql`(${r.tenantId}, ${r.day}::date, ${r.apiKeyId}, ${r.endpoint}, ${r.service}, ${r.status}, ${r.calls},
               ${r.numbers}, ${r.costMicros.toString()}::bigint, ${r.latencyMsSum},
               ${`{${r.latencyHist.join(",")}}`}::bigint[])`,
      );
      await runner.execute(
        sql`insert into ${table} as u (tenant_id, ${period}, api_key_id, endpoint, service, status, calls,
                                       numbers, cost_micros, latency_ms_sum, latency_hist)
            values ${sql.join(values, sql`, `)}
            on conflict (tenant_id, ${period}, api_key_id, endpoint, service, status) do update set
              calls = u.calls + excluded.calls,
              numbers = u.numbers + excluded.numbers,
              cost_micros = u.cost_micros + excluded.cost_micros,
              latency_ms_sum = u.latency_ms_sum + excluded.latency_ms_sum,
              latency_hist = ${addedSlotwise(sql`u.latency_hist`, sql`excluded.latency_hist`)}`,
      );
    },

    /** Adds to each organisation's calls per day and service. */
    async addDayTotals(rows: DayTotalRow[], runner: Runner = db) {
      if (rows.length === 0) return;
      const values = rows.map(
        (r) =>
          sql`(${r.tenantId}, ${r.day}::date, ${r.service}, ${r.calls}, ${r.errors}, ${r.numbers},
               ${r.costMicros.toString()}::bigint)`,
      );
      await runner.execute(
        sql`insert into api_usage_day_totals as u (tenant_id, day, service, calls, errors, numbers, cost_micros)
            values ${sql.join(values, sql`, `)}
            on conflict (tenant_id, day, service) do update set
              calls = u.calls + excluded.calls,
              errors = u.errors + excluded.errors,
              numbers = u.numbers + excluded.numbers,
              cost_micros = u.cost_micros + excluded.cost_micros`,
      );
    },

    /**
     * Raw calls older than the cutoff go, from the oldest slice of `limit` rows by id; the rollups
     * stay. Answers how many went (0: the oldest slice is all newer, nothing is left to delete).
     * Ids grow with the time of the flush, so each slice reads the first rows of the primary key
     * and no statement scans the table or needs an index on the time alone
     * (docs/operations.md, "The API request log").
     */
    async deleteCallsBefore(cutoff: Date, limit = 10_000): Promise<number> {
      const result = (await db.execute(deleteCallsStatement(cutoff, limit))) as unknown as {
        rowCount?: number;
        affectedRows?: number;
      };
      return Number(result.rowCount ?? result.affectedRows ?? 0);
    },
  };
}

export type MeteringRepo = ReturnType<typeof meteringRepo>;
