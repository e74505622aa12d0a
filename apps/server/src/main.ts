import "./env-defaults";
import { tmpdir } from "node:os";
import { buildApp } from "./app";
import { startAdminSocket } from "./cli/admin-socket";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { startHousekeeping } from "./features/system/housekeeping";
import { removeOrphanUploads } from "./features/upload/temp-files";
import { errorForLog } from "./http/error-log";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const web = process.env.NODE_ENV === "development" ? "development" : "production";
  const app = await buildApp({ config, database, web });
  const stopHousekeeping = startHousekeeping(app);
  // Temp files of uploads a crashed or killed process was reading (docs/security.md).
  const orphans = await removeOrphanUploads(tmpdir());
  if (orphans > 0) app.log.warn({ removed: orphans }, "removed upload temp files left by a stopped process");
  // The bulk-job worker runs in this process unless WORKER_ENABLED=false; app.close() stops it.
  if (config.WORKER_ENABLED) app.jobs.worker.start();
  // Webhook deliveries go out from here unless WEBHOOKS_ENABLED=false; app.close() stops it.
  if (config.WEBHOOKS_ENABLED) app.webhooks.deliverer.start();
  // Automatic top-ups are claimed one statement each, so every process may sweep (app.close() stops it).
  app.autoTopUp.sweeper.start();
  // On the embedded database the CLI cannot open the data folder this process holds: it hands its
  // commands to this process instead (docs/operations.md, "The CLI beside a running server").
  const stopAdminSocket =
    database.kind === "pglite"
      ? await startAdminSocket({
          dataDir: config.DATA_DIR,
          database,
          services: app.services,
          config,
          log: app.log,
        })
      : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    stopHousekeeping();
    await stopAdminSocket();
    // Stops accepting, lets requests in flight finish, then closes the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { url: config.publicUrl, database: database.kind, mail: config.SMTP_URL ? "smtp" : "local outbox (log)" },
    "ready",
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    // A statement that failed at start (migrations, seeding) must not print its values.
    console.error("Failed to start:", errorForLog(error));
  }
  process.exit(1);
});
