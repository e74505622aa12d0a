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

/**
 * Most rows one page reads when a filter has no index of its own (method, path, error code):
 * a filter that matches nothing then costs a bounded scan, not the organisation's whole month.
 */
export const SCAN_ROWS = 20_000;

/** The filters an index serves (organisation and time, key, status of 300 and more, request id). */
function indexed(tenantId: string, f: ApiRequestFilter, cursor: Cursor | undefined): SQL[] {
  const where = [sql`c.tenant_id = ${tenantId}`];
  if (f.from) where.push(sql`c.at >= ${f.from}::timestamptz`);
  if (f.to) where.push(sql`c.at < ${f.to}::timestamptz`);
  if (f.keyId) where.push(sql`c.api_key_id = ${f.keyId}`);
  if (f.status) {
    const [low, high] = statusRange(f.status);
    where.push(low === high ? sql`c.status = ${low}` : sql`c.status between ${low} and ${high}`);
  }
  if (f.requestId) where.push(sql`c.request_id = ${f.requestId}`);
  if (cursor) where.push(sql`(c.at, c.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::bigint)`);
  return where;
}

/** The filters read row by row among what the indexed ones found. */
function scanned(f: ApiRequestFilter): SQL[] {
  const where: SQL[] = [];
  if (f.method) where.push(sql`c.method = ${f.method}`);
  if (f.path) where.push(sql`c.path like ${prefixPattern(f.path)}`);
  if (f.errorCode !== undefined) where.push(sql`c.error_code = ${f.errorCode}`);
  return where;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

const COLUMNS = sql`c.id::text as id, ${exactUtc("c.at")} as created_at, c.api_key_id, k.mode as key_mode,
  k.lookup as key_lookup, k.name as key_name, c.method, c.path, c.endpoint, c.status, c.latency_ms,
  c.error_code, c.idempotency_key, c.request_id, c.service`;

/** A page of rows, and where its scan stopped when it read SCAN_ROWS rows without filling it. */
export interface ApiRequestRows {
  rows: ApiRequestRow[];
  /** The last row read (as a cursor) when the scan ended before the organisation's rows did. */
  scannedTo: Cursor | null;
}

/**
 * All SQL of the request log: pages of one organisation's calls, newest first, keyset on
 * (at, id) (docs/operations.md, "The API request log"). Rows are written by the meter
 * (features/metering) and deleted by the API housekeeping.
 */
export function apiRequestRepo(db: Db) {
  /** The page's statement (also EXPLAINed by the tests on PostgreSQL). */
  const pageQuery = (tenantId: string, filter: ApiRequestFilter, limit: number, cursor?: Cursor) => {
    const rowFilters = scanned(filter);
    if (rowFilters.length === 0)
      return sql`select ${COLUMNS}, null::int as scanned, null as edge_at, null as edge_id
        from api_calls c
        left join api_keys k on k.id = c.api_key_id and k.tenant_id = c.tenant_id
        where ${and(indexed(tenantId, filter, cursor))}
        order by c.at desc, c.id desc
        limit ${limit}`;
    // Read at most SCAN_ROWS rows in the index's order, keep those that match, and say where the
    // reading stopped, so the next page goes on from there.
    return sql`with c as materialized (
          select c.* from api_calls c where ${and(indexed(tenantId, filter, cursor))}
          order by c.at desc, c.id desc limit ${SCAN_ROWS}),
        hits as (
          select ${COLUMNS} from c
          left join api_keys k on k.id = c.api_key_id and k.tenant_id = c.tenant_id
          where ${and(rowFilters)}
          order by c.at desc, c.id desc limit ${limit}),
        edge as (
          select (select count(*)::int from c) as scanned, ${exactUtc("o.at")} as edge_at, o.id::text as edge_id
          from (select 1) one left join (select at, id from c order by at, id limit 1) o on true)
      select hits.*, edge.* from edge left join hits on true
      order by hits.created_at desc nulls last, hits.id::bigint desc nulls last`;
  };
  return {
    pageQuery,
    /** Up to `limit` rows after the cursor; the organisation's id is always part of the filter. */
    async page(
      tenantId: string,
      filter: ApiRequestFilter,
      limit: number,
      cursor?: Cursor,
    ): Promise<ApiRequestRows> {
      const found = await queryRows<
        ApiRequestRow & { scanned: number | null; edge_at: string | null; edge_id: string | null }
      >(db, pageQuery(tenantId, filter, limit, cursor));
      const rows = found.filter((r) => r.id !== null);
      const edge = found[0];
      const cut = edge?.scanned === SCAN_ROWS && rows.length < limit && edge.edge_at && edge.edge_id;
      return { rows, scannedTo: cut ? { createdAt: edge.edge_at!, id: edge.edge_id! } : null };
    },
  };
}

export type ApiRequestRepo = ReturnType<typeof apiRequestRepo>;
