import { PassThrough, Readable } from "node:stream";
import { microsToDecimal } from "@nc/contracts/money";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import ExcelJS from "exceljs";
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

/** Numbers we write ourselves ("-1.25", "3") are data, not formulas; anything else is checked. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A spreadsheet must not run what a customer typed: a cell starting with = + - @ tab or CR is
 * prefixed with an apostrophe (OWASP CSV injection), in CSV and XLSX alike.
 */
export function neutralise(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

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
  ].map(neutralise);
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

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(",")}\r\n`;

/** CSV in UTF-8 with a byte-order mark, so spreadsheet programs read the text right. */
export function csvStream(repo: AccountRepo, tenantId: string, filter: LedgerFilter, currency: string) {
  async function* lines() {
    yield `\uFEFF${csvLine(EXPORT_COLUMNS)}`;
    for await (const row of rows(repo, tenantId, filter))
      yield csvLine(cells(row, currency, filter.timeZone));
  }
  return Readable.from(lines());
}

/** XLSX written row by row (exceljs streaming writer); every cell is text. */
export function xlsxStream(repo: AccountRepo, tenantId: string, filter: LedgerFilter, currency: string) {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet("Transactions");
  (async () => {
    sheet.addRow([...EXPORT_COLUMNS]).commit();
    for await (const row of rows(repo, tenantId, filter))
      sheet.addRow(cells(row, currency, filter.timeZone)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
