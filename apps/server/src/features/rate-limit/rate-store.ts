import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query";

export interface Hit {
  count: number;
  resetAt: number;
}

/** Fixed-window counters shared by every server process. */
export interface RateStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Counters in PostgreSQL (or PGlite): one atomic upsert a hit, no extra server needed. */
export function databaseRateStore(db: Db): RateStore {
  return {
    async hit(key, windowMs) {
      const rows = await queryRows<{ count: number; reset_at: string | Date }>(
        db,
        sql`
        insert into rate_counters (key, count, reset_at)
        values (${key}, 1, now() + ${`${windowMs} milliseconds`}::interval)
        on conflict (key) do update set
          count = case when rate_counters.reset_at <= now() then 1 else rate_counters.count + 1 end,
          reset_at = case when rate_counters.reset_at <= now() then excluded.reset_at else rate_counters.reset_at end
        returning count, reset_at`,
      );
      const row = rows[0]!;
      return { count: Number(row.count), resetAt: new Date(row.reset_at).getTime() };
    },
    async peek(key) {
      const rows = await queryRows<{ count: number }>(
        db,
        sql`select count from rate_counters where key = ${key} and reset_at > now()`,
      );
      return Number(rows[0]?.count ?? 0);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_counters where key = ${key}`);
    },
  };
}

/** Counters in Redis, for deployments that already run one. */
export function redisRateStore(redis: Redis): RateStore {
  return {
    async hit(key, windowMs) {
      const name = `rl:${key}`;
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incr(name)
        .pexpire(name, windowMs, "NX")
        .pttl(name)
        .exec()) as [[null, number], [null, number], [null, number]];
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    },
    async peek(key) {
      return Number((await redis.get(`rl:${key}`)) ?? 0);
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
  };
}
