import type { Locale } from "@nc/contracts/locales";
import { microsToDecimal } from "@nc/contracts/money";
import { type ColumnKey, columnHeaders } from "../../export/export-headers";
import { csvStream } from "../../export/table-export";
import { percentile } from "../metering/index";
import type { ApiUsageRepo, ExportCursor, ExportRow, UsageFilter } from "./api-usage-repo";

const BATCH = 5_000;

export const EXPORT_COLUMNS: ColumnKey[] = [
  "day",
  "timeZone",
  "apiKeyId",
  "apiKeyName",
  "mode",
  "endpoint",
  "service",
  "status",
  "calls",
  "numbers",
  "cost",
  "currency",
  "averageLatency",
  "p50Latency",
  "p99Latency",
];

const text = (v: number | null) => (v === null ? "" : String(v));

function cells(row: ExportRow, currency: string, timeZone: string): string[] {
  const calls = Number(row.calls);
  const hist = row.latency_hist.split(",").map(Number);
  return [
    row.day,
    timeZone,
    row.api_key_id,
    row.key_name ?? "",
    row.key_mode ?? "",
    row.endpoint,
    row.service,
    String(row.status),
    row.calls,
    row.numbers,
    microsToDecimal(row.cost_micros),
    currency,
    calls > 0 ? (row.latency_ms_sum / calls).toFixed(1) : "",
    text(percentile(hist, 50)),
    text(percentile(hist, 99)),
  ];
}

/** Every rollup row of the filter in primary-key order, in keyset batches so memory stays flat. */
async function* rows(repo: ApiUsageRepo, tenantId: string, filter: UsageFilter) {
  let cursor: ExportCursor | undefined;
  for (;;) {
    const batch = await repo.exportPage(tenantId, filter, BATCH, cursor);
    yield* batch;
    if (batch.length < BATCH) return;
    const { day, api_key_id, endpoint, service, status } = batch.at(-1)!;
    cursor = { day, api_key_id, endpoint, service, status };
  }
}

/** CSV of the usage: one line per day, key, endpoint, service and status (UTF-8 BOM, neutralised). */
export function usageCsv(
  repo: ApiUsageRepo,
  tenantId: string,
  filter: UsageFilter,
  currency: string,
  timeZone: string,
  locale: Locale,
) {
  async function* lines() {
    for await (const row of rows(repo, tenantId, filter)) yield cells(row, currency, timeZone);
  }
  return csvStream(columnHeaders(locale, EXPORT_COLUMNS), lines());
}
