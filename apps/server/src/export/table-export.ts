import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";

/**
 * Numbers are data, not formulas: amounts we write ("-1.25", "3") and phone numbers as the product
 * prints them ("+447400123456", "+44 7400 123456", "+1 201-555-0123"). Made only of digits, spaces,
 * signs, dots and brackets, a spreadsheet can at worst do arithmetic on them, never call a function,
 * read a cell or start a program; prefixing them would hand customers numbers with a stray
 * apostrophe. Anything else is checked.
 */
const PLAIN_NUMBER = /^[\d +\-().]*\d[\d +\-().]*$/;

/**
 * A spreadsheet must not run what a customer typed: a cell starting with = + - @ tab or CR is
 * prefixed with an apostrophe (OWASP CSV injection), in CSV and XLSX alike.
 */
export function neutralise(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(",")}\r\n`;

/**
 * CSV in UTF-8 with a byte-order mark, so spreadsheet programs read the text right. Rows are
 * pulled one at a time from `rows`, so memory stays flat however many there are.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header.map(neutralise))}`;
    for await (const row of rows) yield csvLine(row.map(neutralise));
  }
  return Readable.from(lines());
}

/** XLSX written row by row (exceljs streaming writer); every cell is text, neutralised. */
export function xlsxStream(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly string[]>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  (async () => {
    sheet.addRow(header.map(neutralise)).commit();
    for await (const row of rows) sheet.addRow(row.map(neutralise)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
