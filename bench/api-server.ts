/** The product's server for bench/api.ts: the real app (no pages), configured from the environment. */
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const app = await buildApp({ config, database, web: "none" });
await app.listen({ port: config.PORT, host: "127.0.0.1" });
console.log("ready");
process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
