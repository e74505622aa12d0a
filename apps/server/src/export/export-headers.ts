import type { Locale } from "@nc/contracts/locales";
import type enExports from "../i18n/locales/en/exports.json";
import { translate } from "../i18n/translate";

/** A column of an exported file, named in the "exports" catalogue (one name per column everywhere). */
export type ColumnKey = keyof typeof enExports.columns;
export type SheetKey = keyof typeof enExports.sheets;

/**
 * The header line of an export in the reader's language. The cells below stay codes and plain
 * numbers (the same in every language), so a program reading the file by position still can; a
 * job's reason column is the one written for people (job-export.ts, reasonText), beside the
 * status code.
 */
export const columnHeaders = (locale: Locale, keys: readonly ColumnKey[]): string[] =>
  keys.map((key) => translate(locale, `exports:columns.${key}`));

export const sheetName = (locale: Locale, key: SheetKey): string =>
  translate(locale, `exports:sheets.${key}`);
