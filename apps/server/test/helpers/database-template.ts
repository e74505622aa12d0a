import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../../src/db/client";

/**
 * The API project's global setup: migrates one database per run, which every createTestApp copies
 * (helpers/test-app.ts), instead of migrating a fresh database for each test file — on the
 * embedded database the migrations are most of what opening one costs. Each test still gets its
 * own database. The migrations themselves still run, once, on the engine under test. Passed on in
 * the environment, which vitest's workers inherit: TEST_POSTGRES_TEMPLATE, the migrated database's
 * name on the TEST_DATABASE_URL server, or TEST_PGLITE_TEMPLATE, a file holding a migrated embedded
 * database's data folder (PGlite's dumpDataDir).
 */
export default async function setup() {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `nc_template_${Date.now().toString(36)}_${process.pid}`;
    await adminQuery(admin, `create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: "unused" });
    await database.close();
    process.env.TEST_POSTGRES_TEMPLATE = name;
    return () => adminQuery(admin, `drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ dataDir: "memory://" });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const file = join(tmpdir(), `nc-template-${process.pid}-${Date.now().toString(36)}.tar`);
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await database.close();
  process.env.TEST_PGLITE_TEMPLATE = file;
  return () => rmSync(file, { force: true });
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
