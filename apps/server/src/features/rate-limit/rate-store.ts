import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../../core/db";
import { groupCommit } from "../../db/group-commit";
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
  async function hit(key: string, windowMs: number): Promise<Hit> {
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
  }
  return {
    hit,
    hitEach: (keys, windowMs) => Promise.all(keys.map((key) => hit(key, windowMs))),
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
 * Adds to each counter (KEYS[i] by ARGV[i]), starting its window (ARGV[#KEYS + i] ms) when it has
 * none, and answers every counter's new value and what is left of its window: one round trip for
 * all the hits of a batch.
 */
const ADD_EACH = `
local out = {}
local n = #KEYS
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, ARGV[i])
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[n + i])
    ttl = tonumber(ARGV[n + i])
  end
  table.insert(out, count)
  table.insert(out, ttl)
end
return out`;

type AddEach = (n: number, ...args: (string | number)[]) => Promise<number[]>;

/**
 * Counters in Redis, shared by every server process. The hits of requests that arrive while a
 * round trip is under way go together in the next one (group commit): each request still gets
 * its own exact count, as if it had been alone, and an idle server sends each hit at once.
 */
export function redisRateStore(redis: Redis): RateStore {
  redis.defineCommand("rateAddEach", { lua: ADD_EACH });
  const addEach = (redis as unknown as { rateAddEach: AddEach }).rateAddEach.bind(redis);
  const batcher = groupCommit<{ keys: string[]; windowMs: number }, Hit[]>(
    async (requests) => {
      // Every distinct counter once, with how many hits the batch adds to it.
      const totals = new Map<string, { add: number; windowMs: number }>();
      for (const { keys, windowMs } of requests)
        for (const key of keys) {
          const total = totals.get(key) ?? { add: 0, windowMs };
          total.add += 1;
          totals.set(key, total);
        }
      const names = [...totals.keys()];
      const flat = await addEach(
        names.length,
        ...names.map((key) => `rl:${key}`),
        ...names.map((key) => totals.get(key)!.add),
        ...names.map((key) => totals.get(key)!.windowMs),
      );
      const now = Date.now();
      // Hand the counts out in arrival order: the first request's hit is the lowest.
      const next = new Map(names.map((key, i) => [key, flat[2 * i]! - totals.get(key)!.add]));
      const resetAt = new Map(names.map((key, i) => [key, now + flat[2 * i + 1]!]));
      return requests.map(({ keys }) =>
        keys.map((key) => {
          const count = next.get(key)! + 1;
          next.set(key, count);
          return { count, resetAt: resetAt.get(key)! };
        }),
      );
    },
    { maxBatch: 1_000 },
  );
  const hitEach = (keys: string[], windowMs: number) => batcher.submit({ keys, windowMs });
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
