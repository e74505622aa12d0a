import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { DataDirLockedError } from "../db/data-dir-lock";
import { operatorName } from "../features/audit/audit-service";
import { errorMessageForLog } from "../http/error-log";
import { coreServices } from "../services";
import { forwardToServer } from "./admin-client";
import { adminSocketPath } from "./admin-socket";
import { parseCommandLine, runCommand } from "./registry";

/**
 * Operator commands; they use the same configuration (DATA_DIR or DATABASE_URL) as the server. On
 * the embedded database a running server holds the data folder: the command is then run by that
 * server (cli/admin-socket.ts), with the same output (docs/operations.md).
 */
async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv);
  if ("usageError" in parsed) {
    console.error(parsed.usageError);
    return 2;
  }
  const config = loadConfig();
  const context = { config, io: console, operator: operatorName() };
  if (parsed.command.database === false) return runCommand(parsed, context);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || parsed.command.local) throw error;
    const code = await forwardToServer(adminSocketPath(config.DATA_DIR), argv, context.operator);
    if (code === null) throw error;
    return code;
  }
  try {
    return await runCommand(parsed, { ...context, database, services: coreServices(database.db) });
  } finally {
    await database.close();
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
