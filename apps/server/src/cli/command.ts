import type { Config } from "../config";
import type { Database } from "../db/client";

/** One operator command: `<area> <action> [--flags]`. */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CliCommand {
  area: string;
  action: string;
  usage: string;
  /** parseArgs option spec for its flags. */
  options: Record<string, { type: "string" | "boolean"; multiple?: boolean }>;
  run(input: { values: FlagValues; database: Database; config: Config }): Promise<number>;
}

export class UsageError extends Error {}

/** Reads a required flag or explains what is missing. */
export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value.trim();
}
