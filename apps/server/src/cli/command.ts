import type { Config } from "../config";
import type { Database } from "../db/client";
import type { CoreServices } from "../services";

/** One operator command: `<area> <action> [--flags]`. */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface CommandBase {
  area: string;
  action: string;
  usage: string;
  /** parseArgs option spec for its flags. */
  options: Record<string, { type: "string" | "boolean"; multiple?: boolean }>;
  /**
   * Runs only in the operator's own process, never inside the running server (a command that is a
   * long-running process itself, such as `worker run`).
   */
  local?: true;
}

/**
 * Where a command prints: the terminal's console, or, when the running server runs the command for
 * the CLI (docs/operations.md, "The CLI beside a running server"), a console whose lines go back
 * to the CLI, so the output is the same either way.
 */
export type CommandIo = Pick<Console, "log" | "warn" | "error" | "table">;

interface RunInput {
  values: FlagValues;
  config: Config;
  io: CommandIo;
  /** Who runs it, for the audit log and the ledger: the operator's login name. */
  operator: string;
}

/** One operator command, working on the database. */
export interface CliCommand extends CommandBase {
  database?: true;
  /** `services`: the shared services on that database, built once for the run (cli/main.ts). */
  run(input: RunInput & { database: Database; services: CoreServices }): Promise<number>;
}

/** An operator command that asks the running server over HTTP, so it needs no database of its own. */
export interface ServerCommand extends CommandBase {
  database: false;
  run(input: RunInput): Promise<number>;
}

export class UsageError extends Error {}

/** Reads a required flag or explains what is missing. */
export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value.trim();
}
