import { microsToDecimal } from "@nc/contracts/money";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { csvStream as tableCsv, xlsxStream as tableXlsx } from "../../export/table-export";
import type { AccountRepo, Cursor, LedgerFilter, LedgerListRow } from "./account-repo";

const TRADE_TYPE_NAMES = new Map<number, string>(Object.entries(TRADE_TYPES).map(([name, n]) => [n, name]));
const BATCH = 1000;

export const EXPORT_COLUMNS = [
  "Time",
  "Time zone",
  "Trade type",
  "Trade type name",
  "Amount",
  "Balance after",
  "Currency",
  "Service",
  "Quantity",
  "Reference type",
  "Reference id",
  "Actor type",
  "Actor id",
  "Note",
  "Transaction id",
] as const;

function cells(row: LedgerListRow, currency: string, timeZone: string): string[] {
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
    row.note ?? "",
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

/** CSV of the filtered transactions (UTF-8 with BOM, neutralised cells). */
export function csvStream(repo: AccountRepo, tenantId: string, filter: LedgerFilter, currency: string) {
  return tableCsv(EXPORT_COLUMNS, mapRows(repo, tenantId, filter, currency));
}

/** XLSX of the filtered transactions; every cell is text. */
export function xlsxStream(repo: AccountRepo, tenantId: string, filter: LedgerFilter, currency: string) {
  return tableXlsx("Transactions", EXPORT_COLUMNS, mapRows(repo, tenantId, filter, currency));
}

async function* mapRows(repo: AccountRepo, tenantId: string, filter: LedgerFilter, currency: string) {
  for await (const row of rows(repo, tenantId, filter)) yield cells(row, currency, filter.timeZone);
}
