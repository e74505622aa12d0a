import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { errorMessageForLog } from "../http/error-log";
import { type CliCommand, type FlagValues, type ServerCommand, UsageError } from "./command";
import { balanceCommands } from "./commands/balance";
import { partnerCommands } from "./commands/partner";
import { priceCommands } from "./commands/price";
import { providerCommands } from "./commands/provider";
import { rechargeCommands } from "./commands/recharge";
import { userCommands } from "./commands/user";
import { workerCommands } from "./commands/worker";

/** Every operator command; a feature adds its own list in cli/commands/<area>.ts. */
const COMMANDS: (CliCommand | ServerCommand)[] = [
  ...partnerCommands,
  ...priceCommands,
  ...balanceCommands,
  ...rechargeCommands,
  ...userCommands,
  ...workerCommands,
  ...providerCommands,
];

const usage = () =>
  `Operator commands (with the embedded database, stop the server first; on PostgreSQL they run beside it):\n\n${COMMANDS.map((c) => `  ${c.usage}`).join("\n")}\n`;

/** Operator commands; they use the same configuration (DATA_DIR or DATABASE_URL) as the server. */
async function main(argv: string[]): Promise<number> {
  const [area, action, ...rest] = argv;
  const command = COMMANDS.find((c) => c.area === area && c.action === action);
  if (!command) {
    console.error(usage());
    return 2;
  }
  let values: FlagValues;
  try {
    ({ values } = parseArgs({ args: rest, options: command.options, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\nusage: ${command.usage}`);
    return 2;
  }
  const config = loadConfig();
  const database =
    command.database === false
      ? null
      : await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    return command.database === false
      ? await command.run({ values, config })
      : await command.run({ values, database: database!, config });
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\nusage: ${command.usage}`);
      return 2;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    // A failed statement's message carries its values (a password hash, a secret): redacted.
    console.error(errorMessageForLog(error));
    process.exit(1);
  },
);
