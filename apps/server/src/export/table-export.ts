import { PassThrough, Readable } from "node:stream";

/**
 * Numbers are data, not formulas: amounts we write ("-1.25", "3") and phone numbers as the product
 * prints them ("+447400123456", "+44 7400 123456", "+1 201-555-0123"). Made only of digits, spaces,
 * signs, dots and brackets, a spreadsheet can at worst do arithmetic on them, never call a function,
 * read a cell or start a program; prefixing them would hand customers numbers with a stray
 * apostrophe. Anything else is checked.
 */
const PLAIN_NUMBER = /^[\d +\-().]*\d[\d +\-().]*$/;

/** Starts a spreadsheet reads as a formula (OWASP CSV injection): = + - @, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A spreadsheet must not run what a customer typed: a cell starting with = + - @ tab or CR is
 * prefixed with an apostrophe (OWASP CSV injection), in CSV and XLSX alike.
 */
export function neutralise(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Characters a spreadsheet may split a CSV line on: the comma we write, the semicolon of locales
 * whose decimal mark is a comma, tab, pipe, and line breaks for readers that ignore quotes. Opened
 * with any of them, `1;=1+1` becomes the cells `1` and `=1+1`, and the second one runs.
 */
const SEPARATORS = ",;|\t\r\n";
/** A separator followed (after any blanks) by a formula start: an apostrophe goes after it. */
const FORMULA_AFTER_SEPARATOR = new RegExp(`([${SEPARATORS}])(?=\\s*[=+\\-@])`, "g");
const NEEDS_QUOTES = new RegExp(`["${SEPARATORS}]`);

/**
 * A CSV cell no spreadsheet can turn into a formula, whatever separator it splits the line on
 * (docs/security.md): the start is neutralised as in XLSX, every piece that would begin after a
 * separator is too, and a cell holding a separator is quoted so readers that honour quotes keep it
 * whole. Plain numbers (phone numbers with their "+") are left as they are.
 */
export function neutraliseCsvCell(value: string): string {
  // A plain number holds no separator, so it passes through both steps untouched.
  const safe = neutralise(value).replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (values: readonly string[]) => `${values.map(neutraliseCsvCell).join(",")}\r\n`;

/**
 * CSV in UTF-8 with a byte-order mark, so spreadsheet programs read the text right. Rows are
 * pulled one at a time from `rows`, so memory stays flat however many there are.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const row of rows) yield csvLine(row);
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
  (async () => {
    // Loaded with the first spreadsheet written (~40 MB of a server's memory otherwise, held by
    // every process whether or not it ever writes one: docs/performance.md).
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.addRow(header.map(neutralise)).commit();
    for await (const row of rows) sheet.addRow(row.map(neutralise)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
