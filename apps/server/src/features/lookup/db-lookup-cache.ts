import type { CachedValues, CacheEntry, CacheService, LookupCache } from "@nc/numcheck/providers/cache";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query";

/** The look-up cache in the database (table lookup_cache): one row per service and number. */
export class DbLookupCache implements LookupCache {
  constructor(private readonly db: Db) {}

  async get<S extends CacheService>(
    service: S,
    e164: string,
    notBefore: Date,
  ): Promise<CacheEntry<CachedValues[S]> | null> {
    const rows = await queryRows<{ value: CachedValues[S]; stored_at: string }>(
      this.db,
      sql`select value, to_json(stored_at) #>> '{}' as stored_at from lookup_cache
          where service = ${service} and e164 = ${e164} and stored_at >= ${notBefore.toISOString()}::timestamptz`,
    );
    const row = rows[0];
    return row ? { value: row.value, storedAt: new Date(row.stored_at) } : null;
  }

  async set<S extends CacheService>(service: S, e164: string, value: CachedValues[S], storedAt: Date) {
    await this.db.execute(
      sql`insert into lookup_cache (service, e164, value, stored_at)
          values (${service}, ${e164}, ${JSON.stringify(value)}::jsonb, ${storedAt.toISOString()}::timestamptz)
          on conflict (service, e164) do update set value = excluded.value, stored_at = excluded.stored_at`,
    );
  }
}
