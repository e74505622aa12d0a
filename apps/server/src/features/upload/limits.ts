/**
 * What one upload may hold or expand to, whatever its format (docs/security.md, "Uploads"). Excel's
 * own limits first: beyond them a "cell" is not data a person typed but a broken file (an unclosed
 * quote swallowing the rest of a CSV) or a hostile one. Then the bounds on what a row, a reference
 * and a workbook's structure expand to: a file of a few hundred kilobytes must not make the server
 * hold gigabytes, however its parts point at each other.
 */

/** Characters kept of one cell; the rest is dropped. */
export const MAX_CELL_CHARS = 32_767;
/** Columns of one row (XFD): a reference further right is a broken file. */
export const MAX_COLUMNS = 16_384;
/**
 * Columns a row may use (A to AMJ), empty ones between included: a non-empty cell further right is
 * refused (fileRowTooLarge). Phone lists and CRM exports have tens to a few hundred columns; each
 * column of a row costs a slot in memory even when empty.
 */
export const MAX_ROW_CELLS = 1_024;
/**
 * Characters of one row, its cells together, counted as expanded (a shared string counts its
 * whole length each time a cell points at it): eight cells filled to Excel's limit. More is
 * refused (fileRowTooLarge): the row is kept for the results file, which must not grow with a
 * reference's fan-out.
 */
export const MAX_ROW_CHARS = 256 * 1024;
/** Sheets a workbook may list (any tab order worth reading is far below). */
export const MAX_SHEETS = 1_024;
/** Links between a workbook's parts (one per sheet, plus styles, theme, strings, ...). */
export const MAX_RELATIONSHIPS = 4_096;
/**
 * Entries of a shared string table: eight per row of a full Excel sheet (1,048,576 rows). Every
 * entry costs time and a temp-file slot even when empty, so a table of millions of `<si/>` (a
 * megabyte zipped) would otherwise hold an upload slot for minutes.
 */
export const MAX_SHARED_STRINGS = 8 * 1024 * 1024;
/** Entries of an XLSX's zip directory: a workbook has a few dozen parts, a large one a few thousand. */
export const MAX_ZIP_ENTRIES = 10_000;
/** Bytes of one zip entry's name, and characters of a part's id, type or target in the workbook. */
export const MAX_PART_NAME = 1_024;

export function capCell(text: string): string {
  return text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text;
}
