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
  /** One hit on each counter, in one round trip where the store allows it. */
  hitEach(keys: string[], windowMs: number): Promise<Hit[]>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Counters in PostgreSQL (or PGlite): one atomic upsert a hit, no extra server needed. */
export function databaseRateStore(db: Db): RateStore {
  return {
    hitEach(keys, windowMs) {
      return Promise.all(keys.map((key) => this.hit(key, windowMs)));
    },
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

/**
 * One hit on each counter: INCR, start the window on the first hit, and read what is left of it,
 * for every key in one script (one round trip whatever the number of counters).
 */
const HIT_EACH = `
local out = {}
for _, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  table.insert(out, count)
  table.insert(out, ttl)
end
return out`;

/** Counters in Redis, for deployments that already run one. */
export function redisRateStore(redis: Redis): RateStore {
  redis.defineCommand("rateHitEach", { lua: HIT_EACH });
  const hitEach = async (keys: string[], windowMs: number): Promise<Hit[]> => {
    const names = keys.map((key) => `rl:${key}`);
    const flat = (await (
      redis as unknown as { rateHitEach(n: number, ...args: (string | number)[]): Promise<number[]> }
    ).rateHitEach(names.length, ...names, windowMs)) as number[];
    const now = Date.now();
    return keys.map((_, i) => ({ count: flat[2 * i]!, resetAt: now + flat[2 * i + 1]! }));
  };
  return {
    hitEach,
    hit: async (key, windowMs) => (await hitEach([key], windowMs))[0]!,
    async peek(key) {
      return Number((await redis.get(`rl:${key}`)) ?? 0);
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
  };
}
