import { openAsBlob } from "node:fs";
import { Writable } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { type Database, openDatabase } from "../../src/db/client";

/**
 * A real app on a real, empty database: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards). Each is a copy of the one
 * database the run migrated first (helpers/database-template.ts).
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL URL of this test's own database (for child processes); undefined on PGlite. */
  databaseUrl: string | undefined;
  logs: string[];
  close(): Promise<void>;
}

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `nc_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  // A copy of the migrated template (CREATE DATABASE copies its files); migrating again finds
  // nothing to do.
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  await client.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const pgDb = onPostgres ? await freshPostgres() : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    CAPTCHA_ENABLED: "false",
    LOG_LEVEL: "info",
    CAPTCHA_DIFFICULTY: "1000",
    WELCOME_CREDIT: "0",
    ...env,
  });
  const pgliteTemplate = pgDb ? undefined : process.env.TEST_PGLITE_TEMPLATE;
  const database = await openDatabase({
    url: pgDb?.url,
    dataDir: "memory://",
    loadDataDir: pgliteTemplate ? await openAsBlob(pgliteTemplate) : undefined,
  });
  // Closing twice is allowed, so a test may take the database away and still clean up.
  const closeDatabase = database.close.bind(database);
  let databaseClosed: Promise<void> | undefined;
  database.close = () => (databaseClosed ??= closeDatabase());
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config, database, web: "none", logStream });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: pgDb?.url,
    logs,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

let ipCounter = 0;
/** A distinct client address per call site, so rate limits of one test do not leak into another. */
export const nextIp = () =>
  `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.${(Date.now() % 200) + 1}`;

export function json<T = { code: number; msg: string; data: unknown }>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** Reads the last code the outbox logged for an address. */
export function lastCodeFor(logs: string[], email: string): string {
  for (let i = logs.length - 1; i >= 0; i--) {
    const line = logs[i]!;
    if (!line.includes("local outbox")) continue;
    const entry = JSON.parse(line) as { outbox: { to: string; text: string } };
    if (entry.outbox.to !== email) continue;
    const match = /\b(\d{6})\b/.exec(entry.outbox.text);
    if (match) return match[1]!;
  }
  throw new Error(`no code e-mailed to ${email}`);
}

/** A cookie the answer set; the session under either of its names (`__Host-sid` over https). */
export function cookieFrom(response: LightMyRequestResponse, name = "sid"): string | undefined {
  const names = name === "sid" ? ["sid", "__Host-sid"] : [name];
  return response.cookies.find((c) => names.includes(c.name))?.value;
}
