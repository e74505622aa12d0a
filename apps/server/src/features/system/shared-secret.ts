import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";

const cache = new WeakMap<Db, Map<string, string>>();

/**
 * A random secret generated once per installation and kept in the database, so every server
 * process signs and checks with the same key without it being configured by hand.
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  const known = cache.get(db)?.get(name);
  if (known) return known;
  await db.execute(sql`
    insert into app_settings (key, value) values (${name}, ${randomBytes(32).toString("hex")})
    on conflict (key) do nothing`);
  const rows = await queryRows<{ value: string }>(
    db,
    sql`select value from app_settings where key = ${name}`,
  );
  const value = rows[0]!.value;
  const perDb = cache.get(db) ?? new Map<string, string>();
  perDb.set(name, value);
  cache.set(db, perDb);
  return value;
}
