import type { Config } from "../config";
import type { Database } from "../db/client";

/** One operator command: `<area> <action> [--flags]`. */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface CommandBase {
  area: string;
  action: string;
  usage: string;
  /** parseArgs option spec for its flags. */
  options: Record<string, { type: "string" | "boolean"; multiple?: boolean }>;
}

/** One operator command, working on the database. */
export interface CliCommand extends CommandBase {
  database?: true;
  run(input: { values: FlagValues; database: Database; config: Config }): Promise<number>;
}

/** An operator command that asks the running server, so it works while the server holds the embedded database. */
export interface ServerCommand extends CommandBase {
  database: false;
  run(input: { values: FlagValues; config: Config }): Promise<number>;
}

export class UsageError extends Error {}

/** Reads a required flag or explains what is missing. */
export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value.trim();
}
