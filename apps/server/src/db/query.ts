import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../core/db";

/** Runs raw SQL and returns its rows; both drivers answer with { rows }. */
export async function queryRows<T>(db: Pick<Db, "execute">, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** Names given to hot statements, by their text (see queryRowsPrepared). */
const statementNames = new Map<string, string>();
/** Past this many texts a statement runs unnamed: a text that varies must not fill the map. */
const MAX_PREPARED = 64;

/**
 * Runs raw SQL like queryRows, as a named prepared statement on PostgreSQL: each connection parses
 * and plans the text once and then only binds the values, instead of parsing and planning it on
 * every run (for the batch statements of single checks that was about a third of the database's
 * time, docs/performance.md, "Prepared statements, packed results, one round trip"). The text must not depend on the values (pass
 * them as parameters); the name follows the text, so two call sites never collide. The embedded
 * database's driver runs it as any statement.
 */
export async function queryRowsPrepared<T>(runner: Pick<Db, "execute">, statement: SQL): Promise<T[]> {
  const handle = runner as unknown as PreparingDb;
  const query = handle.dialect.sqlToQuery(statement);
  let name = statementNames.get(query.sql);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `nc_${statementNames.size + 1}`;
    statementNames.set(query.sql, name);
  }
  const prepared = handle.session.prepareQuery(query, undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

/** The parts of drizzle's database handle (and a transaction's) that prepare a named statement. */
interface PreparingDb {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/** The text with LIKE's wildcards (%, _) and its escape character (\) taken as plain characters. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern that matches the text anywhere, as a plain substring. */
export const containsPattern = (text: string): string => `%${likeLiteral(text)}%`;

/** A LIKE/ILIKE pattern that matches values starting with the text, taken literally. */
export const prefixPattern = (text: string): string => `${likeLiteral(text)}%`;

/**
 * A timestamp column as exact UTC text with microseconds ("2026-01-02T03:04:05.123456Z"): keyset
 * cursors (core/cursor) compare on it, so it must not lose the precision JavaScript dates drop.
 */
export const exactUtc = (column: string): SQL =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * Bytes as a bytea value, travelling as base64 text: the embedded database's driver turns a byte
 * array parameter into hex a byte at a time (~0.3 µs a byte, measured in docs/performance.md), while
 * base64 is encoded natively here and decoded in C by the database.
 */
export const byteaParam = (bytes: Uint8Array): SQL =>
  sql`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}, 'base64')`;

/** A bytea column read as base64 text (see byteaParam); `fromBase64` turns it back into bytes. */
export const byteaColumn = (column: string): SQL => sql.raw(`encode(${column}, 'base64')`);

export const fromBase64 = (text: string): Buffer => Buffer.from(text, "base64");

/**
 * Two integer arrays added slot by slot (a missing slot counts 0): how an upsert adds a batch's
 * histogram to the stored one (`hist = ${addedSlotwise(sql`s.hist`, sql`excluded.hist`)}`).
 */
export function addedSlotwise(stored: SQL, added: SQL): SQL {
  return sql`array(select coalesce(a, 0) + coalesce(b, 0)
                   from unnest(${stored}, ${added}) with ordinality as h(a, b, i)
                   order by i)`;
}
