import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

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
}

/** The sum of calls sharing a rollup row (same organisation, day, key, endpoint, service, status). */
export interface RollupRow {
  tenantId: string;
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

/** All SQL of metering: raw calls in one insert, rollups in one upsert that adds to what is there. */
export function meteringRepo(db: Db) {
  return {
    /** The rows travel as one JSON document (no per-value parameters to build for thousands of calls). */
    async insertCalls(rows: CallRow[]) {
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
        })),
      );
      await db.execute(
        sql`insert into api_calls (tenant_id, api_key_id, method, endpoint, service, status, numbers,
                                   cost_micros, latency_ms, request_id, at)
            select * from json_to_recordset(${document}::json) as r(tenant_id uuid, api_key_id uuid,
              method text, endpoint text, service text, status int, numbers int, cost_micros bigint,
              latency_ms real, request_id text, at timestamptz)`,
      );
    },

    /** Adds each row to its rollup (histograms element by element); concurrent writers just add. */
    async addRollups(rows: RollupRow[]) {
      if (rows.length === 0) return;
      const values = rows.map(
        (r) =>
          sql`(${r.tenantId}, ${r.day}::date, ${r.apiKeyId}, ${r.endpoint}, ${r.service}, ${r.status}, ${r.calls},
               ${r.numbers}, ${r.costMicros.toString()}::bigint, ${r.latencyMsSum},
               ${`{${r.latencyHist.join(",")}}`}::bigint[])`,
      );
      await db.execute(
        sql`insert into api_usage_daily as u (tenant_id, day, api_key_id, endpoint, service, status, calls,
                                               numbers, cost_micros, latency_ms_sum, latency_hist)
            values ${sql.join(values, sql`, `)}
            on conflict (tenant_id, day, api_key_id, endpoint, service, status) do update set
              calls = u.calls + excluded.calls,
              numbers = u.numbers + excluded.numbers,
              cost_micros = u.cost_micros + excluded.cost_micros,
              latency_ms_sum = u.latency_ms_sum + excluded.latency_ms_sum,
              latency_hist = array(
                select coalesce(a, 0) + coalesce(b, 0)
                from unnest(u.latency_hist, excluded.latency_hist) with ordinality as h(a, b, i)
                order by i)`,
      );
    },

    /** Raw calls older than the cutoff go; the rollups stay. Answers how many went. */
    async deleteCallsBefore(cutoff: Date, limit = 10_000): Promise<number> {
      const result = (await db.execute(
        sql`delete from api_calls where id in (
              select id from api_calls where at < ${cutoff.toISOString()}::timestamptz limit ${limit})`,
      )) as unknown as { rowCount?: number; affectedRows?: number };
      return Number(result.rowCount ?? result.affectedRows ?? 0);
    },
  };
}
