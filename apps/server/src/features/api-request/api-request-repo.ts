import { statusRange } from "@nc/contracts/api-request-log";
import type { ApiRequestListQuery } from "@nc/contracts/api-requests";
import { type SQL, sql } from "drizzle-orm";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { exactUtc, prefixPattern, queryRows } from "../../db/query";

/** One api_calls row as the request log reads it, with its key's public part. */
export interface ApiRequestRow {
  id: string;
  created_at: string;
  api_key_id: string;
  key_mode: string | null;
  key_lookup: string | null;
  key_name: string | null;
  method: string;
  path: string | null;
  endpoint: string;
  status: number;
  latency_ms: number;
  error_code: number | null;
  idempotency_key: string | null;
  request_id: string | null;
  service: string | null;
}

export type ApiRequestFilter = Omit<ApiRequestListQuery, "cursor" | "limit">;

/** The filters as SQL conditions; each is served by an index or by the (organisation, time) scan. */
function conditions(tenantId: string, f: ApiRequestFilter, cursor: Cursor | undefined): SQL[] {
  const where = [sql`c.tenant_id = ${tenantId}`];
  if (f.from) where.push(sql`c.at >= ${f.from}::timestamptz`);
  if (f.to) where.push(sql`c.at < ${f.to}::timestamptz`);
  if (f.keyId) where.push(sql`c.api_key_id = ${f.keyId}`);
  if (f.status) {
    const [low, high] = statusRange(f.status);
    where.push(low === high ? sql`c.status = ${low}` : sql`c.status between ${low} and ${high}`);
  }
  if (f.method) where.push(sql`c.method = ${f.method}`);
  if (f.path) where.push(sql`c.path like ${prefixPattern(f.path)}`);
  if (f.errorCode !== undefined) where.push(sql`c.error_code = ${f.errorCode}`);
  if (f.requestId) where.push(sql`c.request_id = ${f.requestId}`);
  if (cursor) where.push(sql`(c.at, c.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::bigint)`);
  return where;
}

/**
 * All SQL of the request log: pages of one organisation's calls, newest first, keyset on
 * (at, id) (docs/operations.md, "The API request log"). Rows are written by the meter
 * (features/metering) and deleted by the API housekeeping.
 */
export function apiRequestRepo(db: Db) {
  return {
    /** Up to `limit` rows after the cursor; the organisation's id is always part of the filter. */
    page(tenantId: string, filter: ApiRequestFilter, limit: number, cursor?: Cursor) {
      return queryRows<ApiRequestRow>(
        db,
        sql`select c.id::text as id, ${exactUtc("c.at")} as created_at, c.api_key_id, k.mode as key_mode,
                   k.lookup as key_lookup, k.name as key_name, c.method, c.path, c.endpoint, c.status,
                   c.latency_ms, c.error_code, c.idempotency_key, c.request_id, c.service
            from api_calls c
            left join api_keys k on k.id = c.api_key_id and k.tenant_id = c.tenant_id
            where ${sql.join(conditions(tenantId, filter, cursor), sql` and `)}
            order by c.at desc, c.id desc
            limit ${limit}`,
      );
    },
  };
}

export type ApiRequestRepo = ReturnType<typeof apiRequestRepo>;
