import { execFileSync } from "node:child_process";
import pg from "pg";

/**
 * Creates an embedded database in `dataDir` in a process of its own, as a server's first start
 * would: PGlite's initdb holds ~500 MB it never gives back, which is not a running server's memory.
 */
export function createPgliteOnce(dataDir: string): void {
  execFileSync(process.execPath, [
    "--import",
    "tsx",
    "-e",
    `import("./apps/server/src/db/client.ts").then(async (m) => { const d = await m.openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); await d.close(); })`,
  ]);
}

/** A fresh database on the PostgreSQL server of `adminUrl`, and a way to drop it afterwards. */
export async function freshBenchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `nc_bench_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}
