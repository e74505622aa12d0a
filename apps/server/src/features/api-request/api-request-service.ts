import type { ApiRequestPage, ApiRequestView } from "@nc/contracts/api-request-log";
import type { ApiRequestListQuery } from "@nc/contracts/api-requests";
import { encodeCursor, isSerialId, keysetPage, optionalCursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { type ApiRequestRow, apiRequestRepo } from "./api-request-repo";

/** The endpoint's path when the row predates the request log's own column (the route pattern). */
const pathOf = (row: ApiRequestRow) => row.path ?? row.endpoint.slice(row.endpoint.indexOf(" ") + 1);

const toView = (row: ApiRequestRow): ApiRequestView => ({
  id: row.id,
  at: row.created_at,
  keyId: row.api_key_id,
  keyPrefix: row.key_mode && row.key_lookup ? `nc_${row.key_mode}_${row.key_lookup}` : null,
  keyName: row.key_name,
  method: row.method,
  path: pathOf(row),
  endpoint: row.endpoint,
  status: row.status,
  latencyMs: Math.round(row.latency_ms * 10) / 10,
  errorCode: row.error_code,
  idempotencyKey: row.idempotency_key,
  requestId: row.request_id,
  service: row.service,
});

/** The request log of one organisation: the dashboard's page and GET /api/v1/requests read the same. */
export function apiRequestService(db: Db) {
  const repo = apiRequestRepo(db);
  return {
    async list(tenantId: string, query: ApiRequestListQuery): Promise<ApiRequestPage> {
      const { cursor, limit, ...filter } = query;
      const { rows, scannedTo } = await repo.page(
        tenantId,
        filter,
        limit + 1,
        optionalCursor(cursor, isSerialId),
      );
      const { data, nextCursor } = keysetPage(rows, limit, toView);
      // A page that read its most rows without filling up goes on, next time, from where it stopped.
      return { items: data, nextCursor: nextCursor ?? (scannedTo ? encodeCursor(scannedTo) : null) };
    },
  };
}

export type ApiRequestService = ReturnType<typeof apiRequestService>;
