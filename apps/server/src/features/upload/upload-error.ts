import type { ErrorKey } from "@nc/contracts/errors";
import { AppError } from "../../core/app-error";
import { MAX_RELATIONSHIPS, MAX_ROW_CELLS, MAX_ROW_CHARS, MAX_SHARED_STRINGS, MAX_SHEETS } from "./limits";

type UploadErrorKey = Extract<ErrorKey, `file${string}`>;

/**
 * An upload failure. The parameters travel twice on purpose: as `data` so the client can show or
 * act on them (the row that broke, the limit), and as `params` for the translated message.
 */
export function uploadError(key: UploadErrorKey, params?: Record<string, string | number>): AppError {
  return new AppError(key, params ?? null, params ?? {});
}

/** Refuses row `row` (1-based, as the customer counts) past MAX_ROW_CELLS or MAX_ROW_CHARS. */
export function rowTooLarge(row: number): AppError {
  return uploadError("fileRowTooLarge", { row, cells: MAX_ROW_CELLS, chars: MAX_ROW_CHARS });
}

/** Refuses a workbook whose structure passes MAX_SHEETS, MAX_RELATIONSHIPS or MAX_SHARED_STRINGS. */
export function tooComplex(): AppError {
  return uploadError("fileTooComplex", {
    sheets: MAX_SHEETS,
    links: MAX_RELATIONSHIPS,
    strings: MAX_SHARED_STRINGS,
  });
}

const UNITS = ["bytes", "KB", "MB", "GB", "TB"];

/** "200 MB", "1.5 GB": limits in messages read like the sizes people see in their file manager. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${UNITS[unit]}`;
}
