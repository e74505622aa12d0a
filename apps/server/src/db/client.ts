import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Db } from "../core/db";
import { MIGRATIONS_DIR } from "../paths";
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from "./change-feed";
import { acquireDataDirLock } from "./data-dir-lock";
import * as schema from "./schema/index";

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Notifications of changes to cached rows, for every process. */
  changes: ChangeFeed;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL of a server; without it the embedded PGlite is used. */
  url?: string;
  /** Folder of the embedded database; "memory://" keeps it in memory (tests). */
  dataDir: string;
  /**
   * In memory only: a data folder (PGlite's `dumpDataDir` tarball) to start from, so tests start
   * from one database migrated once per run (apps/server/test/helpers/database-template.ts).
   */
  loadDataDir?: Blob;
}

/** Opens the database the configuration names and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url)
    : await openPglite(options.dataDir, options.loadDataDir);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection closed by the server (restart, failover, a dropped test database) is
  // replaced on the next query; without this listener it would crash the process.
  pool.on("error", (error) => console.warn(`database connection lost: ${error.message}`));
  // Fail at start with a clear message rather than on the first request.
  await pool.query("select 1");
  const changes = postgresChangeFeed(url, (message) => console.warn(message));
  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: "postgres",
    changes,
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

/**
 * The embedded database's memory settings. PGlite's defaults are PostgreSQL's (128 MB of shared
 * buffers, 64 MB for index builds and vacuum), and memory a WebAssembly instance has grown into is
 * never given back, so they set the server's floor. The data files stay in the system's page cache,
 * so a smaller buffer pool costs little (docs/performance.md, "Server memory on the embedded
 * database").
 */
const PGLITE_MEMORY = { postgresqlconf: ["shared_buffers = 16MB", "maintenance_work_mem = 16MB"] };

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (dataDir === "memory://") {
    const client = await PGlite.create({ ...PGLITE_MEMORY, loadDataDir });
    return {
      db: drizzle(client, { schema }) as unknown as Db,
      kind: "pglite",
      changes: pgliteChangeFeed(client),
      close: () => client.close(),
    };
  }
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = acquireDataDirLock(dir);
  try {
    const client = await PGlite.create(resolve(dir, "pglite"), PGLITE_MEMORY);
    return {
      db: drizzle(client, { schema }) as unknown as Db,
      kind: "pglite",
      changes: pgliteChangeFeed(client),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(database.db as never, config);
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, config);
  }
}
