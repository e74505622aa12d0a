import type { Locale } from "@nc/contracts/locales";
import { microsToDecimal } from "@nc/contracts/money";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import type { Cursor } from "../../core/cursor";
import { type ColumnKey, columnHeaders, sheetName } from "../../export/export-headers";
import { csvStream as tableCsv, xlsxStream as tableXlsx } from "../../export/table-export";
import { noteText } from "../billing/index";
import type { AccountRepo, LedgerFilter, LedgerListRow } from "./account-repo";

const TRADE_TYPE_NAMES = new Map<number, string>(Object.entries(TRADE_TYPES).map(([name, n]) => [n, name]));
const BATCH = 1000;

export const EXPORT_COLUMNS: ColumnKey[] = [
  "time",
  "timeZone",
  "tradeType",
  "tradeTypeName",
  "amount",
  "balanceAfter",
  "currency",
  "service",
  "quantity",
  "referenceType",
  "referenceId",
  "actorType",
  "actorId",
  "note",
  "transactionId",
];

function cells(row: LedgerListRow, currency: string, timeZone: string, locale: Locale): string[] {
  return [
    row.local_time,
    timeZone,
    String(row.trade_type),
    TRADE_TYPE_NAMES.get(Number(row.trade_type)) ?? "",
    microsToDecimal(row.amount_micros),
    microsToDecimal(row.balance_after_micros),
    currency,
    row.service ?? "",
    row.quantity === null ? "" : String(row.quantity),
    row.reference_type ?? "",
    row.reference_id ?? "",
    row.actor_type,
    row.actor_id ?? "",
    noteText(row, locale) ?? "",
    row.id,
  ];
}

/** Every matching row, newest first, fetched in keyset batches so memory stays flat. */
async function* rows(repo: AccountRepo, tenantId: string, filter: LedgerFilter) {
  let cursor: Cursor | undefined;
  for (;;) {
    const batch = await repo.page(tenantId, filter, BATCH, cursor);
    yield* batch;
    if (batch.length < BATCH) return;
    const last = batch.at(-1)!;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

/** What an export of transactions needs: where to read, which rows, and for whom. */
export interface LedgerExport {
  repo: AccountRepo;
  tenantId: string;
  filter: LedgerFilter;
  currency: string;
  /** The language of the header line and of the notes the product wrote. */
  locale: Locale;
}

/** CSV of the filtered transactions (UTF-8 with BOM, neutralised cells). */
export function csvStream(e: LedgerExport) {
  return tableCsv(columnHeaders(e.locale, EXPORT_COLUMNS), mapRows(e));
}

/** XLSX of the filtered transactions; every cell is text. */
export function xlsxStream(e: LedgerExport) {
  const header = columnHeaders(e.locale, EXPORT_COLUMNS);
  return tableXlsx(sheetName(e.locale, "transactions"), header, mapRows(e));
}

async function* mapRows(e: LedgerExport) {
  for await (const row of rows(e.repo, e.tenantId, e.filter))
    yield cells(row, e.currency, e.filter.timeZone, e.locale);
}
