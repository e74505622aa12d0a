import type { ErrorKey } from "@nc/contracts/errors";
import { AppError } from "../../core/app-error";

type UploadErrorKey = Extract<ErrorKey, `file${string}`>;

/**
 * An upload failure. The parameters travel twice on purpose: as `data` so the client can show or
 * act on them (the row that broke, the limit), and as `params` for the translated message.
 */
export function uploadError(key: UploadErrorKey, params?: Record<string, string | number>): AppError {
  return new AppError(key, params ?? null, params ?? {});
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
