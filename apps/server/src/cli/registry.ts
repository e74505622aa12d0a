import { parseArgs } from "node:util";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { type CoreServices, coreServices } from "../services";
import { type CliCommand, type CommandIo, type FlagValues, type ServerCommand, UsageError } from "./command";
import { balanceCommands } from "./commands/balance";
import { operatorCommands } from "./commands/operator";
import { partnerCommands } from "./commands/partner";
import { priceCommands } from "./commands/price";
import { providerCommands } from "./commands/provider";
import { rechargeCommands } from "./commands/recharge";
import { userCommands } from "./commands/user";
import { workerCommands } from "./commands/worker";

/** Every operator command; a feature adds its own list in cli/commands/<area>.ts. */
export const COMMANDS: (CliCommand | ServerCommand)[] = [
  ...partnerCommands,
  ...priceCommands,
  ...balanceCommands,
  ...rechargeCommands,
  ...userCommands,
  ...workerCommands,
  ...providerCommands,
  ...operatorCommands,
];

export const usage = () =>
  "Operator commands (with the embedded database they run inside the running server, or on the data folder when no server holds it; on PostgreSQL they run beside it):\n\n" +
  `${COMMANDS.map((c) => `  ${c.usage}`).join("\n")}\n`;

export type ParsedCommand =
  | { command: CliCommand | ServerCommand; values: FlagValues }
  | { usageError: string };

/** `<area> <action> [--flags]` to a command and its flags, or what is wrong with the line. */
export function parseCommandLine(argv: string[]): ParsedCommand {
  const [area, action, ...rest] = argv;
  const command = COMMANDS.find((c) => c.area === area && c.action === action);
  if (!command) return { usageError: usage() };
  try {
    const { values } = parseArgs({ args: rest, options: command.options, strict: true });
    return { command, values };
  } catch (error) {
    return { usageError: `${(error as Error).message}\n\nusage: ${command.usage}` };
  }
}

export interface RunContext {
  config: Config;
  io: CommandIo;
  operator: string;
  /** Needed unless the command asks the server over HTTP (`database: false`). */
  database?: Database;
  /** The shared services on `database` (the running server's own when it runs the command). */
  services?: CoreServices;
}

/**
 * Runs a parsed command; answers its exit code (2: a usage error, printed with the usage). Other
 * errors are thrown to the caller, which prints them redacted.
 */
export async function runCommand(
  { command, values }: { command: CliCommand | ServerCommand; values: FlagValues },
  context: RunContext,
): Promise<number> {
  const { config, io, operator, database } = context;
  try {
    if (command.database === false) return await command.run({ values, config, io, operator });
    if (!database) throw new Error(`${command.area} ${command.action} needs the database`);
    const services = context.services ?? coreServices(database.db);
    return await command.run({ values, config, io, operator, database, services });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error(`${error.message}\n\nusage: ${command.usage}`);
    return 2;
  }
}
