import pg from "pg";

/**
 * The PostgreSQL server browser tests use when they need a database shared with the CLI or changed
 * underneath the running server (E2E_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 */
export const ADMIN_URL = process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs one statement on a database (the admin one by default) and returns its rows. */
export async function pgQuery<T = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
  url = ADMIN_URL,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Why the server cannot be used ("" when it can); the test file says it is skipped. */
export async function postgresUnreachable(file: string): Promise<string> {
  try {
    await pgQuery("select 1");
    return "";
  } catch (error) {
    const reason = `PostgreSQL at ${ADMIN_URL} is unreachable (${(error as Error).message})`;
    console.log(`${file} skipped: ${reason}`);
    return reason;
  }
}

/** A fresh database's name and URL on that server (create it with pgQuery before use). */
export function freshDatabase(prefix: string): { name: string; url: string } {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
