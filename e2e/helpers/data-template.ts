import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../apps/server/src/db/client";

/**
 * The browser tests' global setup: one embedded database migrated per run, whose data folder each
 * server started on a fresh folder gets a copy of (helpers/server.ts), instead of migrating its own
 * (tens of seconds per server on a loaded machine). Each test file still has its own server and
 * database. Passed on in the environment, which vitest's workers inherit.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), "nc-e2e-template-"));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  process.env.E2E_DATA_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
