/**
 * `npm run generate -w @numcheck/sdk`: builds the server's app on an empty in-memory database,
 * asks it for its OpenAPI document as a client would (GET /api/openapi.json) and writes the
 * TypeScript types of it to src/generated/openapi.ts.
 */
import { writeFileSync } from "node:fs";
import { buildApp } from "../../../apps/server/src/app";
import { loadConfig } from "../../../apps/server/src/config";
import { openDatabase } from "../../../apps/server/src/db/client";
import { GENERATED_TYPES_FILE, openApiTypes } from "./openapi-types";

const database = await openDatabase({ dataDir: "memory://" });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: "test", CAPTCHA_ENABLED: "false", LOG_LEVEL: "warn" }),
  database,
  web: "none",
});
try {
  await app.ready();
  const answer = await app.inject({ url: "/api/openapi.json?locale=en" });
  if (answer.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${answer.statusCode}`);
  writeFileSync(GENERATED_TYPES_FILE, await openApiTypes(answer.json()));
  console.log(`wrote ${GENERATED_TYPES_FILE.pathname}`);
} finally {
  await app.close();
  await database.close();
}
