import type { CachedValues, CacheEntry, CacheService, LookupCache } from "@nc/numcheck/providers/cache";
import { sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { groupCommit } from "../../db/group-commit";
import { queryRows } from "../../db/query";

/** Reads or writes of the cache that go to the database together (one statement each). */
const MAX_BATCH = 500;

interface Read {
  service: CacheService;
  e164: string;
  notBefore: Date;
}

interface Write {
  service: CacheService;
  e164: string;
  value: CachedValues[CacheService];
  storedAt: Date;
}

/**
 * The look-up cache in the database (table lookup_cache): one row per service and number. Reads
 * and writes are group-committed: those that arrive while one statement runs go together in the
 * next, so a bulk job's look-ups (one read and one write each, dozens at once) cost a statement
 * per batch, not per number (docs/performance.md, "Bulk HLR job"); a lone call goes at once.
 */
export class DbLookupCache implements LookupCache {
  readonly #reads;
  readonly #writes;

  constructor(db: Db) {
    this.#reads = groupCommit<Read, CacheEntry<CachedValues[CacheService]> | null>(
      async (reads) => {
        const rows = await queryRows<{ i: number; value: CachedValues[CacheService]; stored_at: string }>(
          db,
          sql`select r.i::int as i, c.value, to_json(c.stored_at) #>> '{}' as stored_at
              from unnest(${sql.param(reads.map((r) => r.service))}::text[],
                          ${sql.param(reads.map((r) => r.e164))}::text[],
                          ${sql.param(reads.map((r) => r.notBefore.toISOString()))}::timestamptz[])
                   with ordinality as r(service, e164, not_before, i)
              join lookup_cache c on c.service = r.service and c.e164 = r.e164 and c.stored_at >= r.not_before`,
        );
        const found = new Map(rows.map((row) => [row.i, row]));
        return reads.map((_, index) => {
          const row = found.get(index + 1);
          return row ? { value: row.value, storedAt: new Date(row.stored_at) } : null;
        });
      },
      { maxBatch: MAX_BATCH, gather: true },
    );
    this.#writes = groupCommit<Write, void>(
      async (writes) => {
        // One statement may not update a row twice: the last write of a number wins, as it would alone.
        const last = new Map(writes.map((w) => [`${w.service}:${w.e164}`, w]));
        const rows = [...last.values()];
        await db.execute(
          sql`insert into lookup_cache (service, e164, value, stored_at)
              select service, e164, value::jsonb, stored_at
              from unnest(${sql.param(rows.map((w) => w.service))}::text[],
                          ${sql.param(rows.map((w) => w.e164))}::text[],
                          ${sql.param(rows.map((w) => JSON.stringify(w.value)))}::text[],
                          ${sql.param(rows.map((w) => w.storedAt.toISOString()))}::timestamptz[])
                   as u(service, e164, value, stored_at)
              on conflict (service, e164) do update set value = excluded.value, stored_at = excluded.stored_at`,
        );
        return writes.map(() => undefined);
      },
      { maxBatch: MAX_BATCH, gather: true },
    );
  }

  async get<S extends CacheService>(
    service: S,
    e164: string,
    notBefore: Date,
  ): Promise<CacheEntry<CachedValues[S]> | null> {
    return (await this.#reads.submit({ service, e164, notBefore })) as CacheEntry<CachedValues[S]> | null;
  }

  async set<S extends CacheService>(service: S, e164: string, value: CachedValues[S], storedAt: Date) {
    await this.#writes.submit({ service, e164, value, storedAt });
  }
}
