import { type SQL, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../../core/db";
import { groupCommit } from "../../db/group-commit";
import { queryRows } from "../../db/query";

export interface Hit {
  count: number;
  resetAt: number;
}

/** One counter of a chain, with the count past which it refuses. */
export interface ChainLink {
  key: string;
  max: number;
}

/** Fixed-window counters shared by every server process. */
export interface RateStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  /**
   * A hit on each counter in turn, in one atomic step: the counters after the first one that is
   * now over its max are not touched (null in the answer). So a request its API key's limit
   * refuses never counts against its organisation, and one key cannot spend the others' share.
   */
  hitChain(chain: ChainLink[], windowMs: number): Promise<(Hit | null)[]>;
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
  /** One counter's upsert: a new window when the old one has ended, else one more. */
  const upsert = (key: string, windowMs: number, from: SQL) => sql`
      insert into rate_counters (key, count, reset_at)
      select ${key}, 1, now() + ${`${windowMs} milliseconds`}::interval ${from}
      on conflict (key) do update set
        count = case when rate_counters.reset_at <= now() then 1 else rate_counters.count + 1 end,
        reset_at = case when rate_counters.reset_at <= now() then excluded.reset_at else rate_counters.reset_at end
      returning count, reset_at`;

  /**
   * The chain as one statement: each counter's upsert selects from the one before it, and only
   * while that one's new count is within its max (distinct rows, so one statement may write all).
   */
  async function hitChain(chain: ChainLink[], windowMs: number): Promise<(Hit | null)[]> {
    const steps = chain.map((link, i) => {
      const from = i === 0 ? sql`` : sql.raw(`from c${i - 1} where c${i - 1}.count <= ${chain[i - 1]!.max}`);
      return sql`${sql.raw(`c${i}`)} as (${upsert(link.key, windowMs, from)})`;
    });
    const columns = chain.map((_, i) =>
      sql.raw(
        `(select count from c${i}) as n${i}, (select (extract(epoch from reset_at) * 1000)::float8 from c${i}) as r${i}`,
      ),
    );
    const rows = await queryRows<Record<string, number | string | null>>(
      db,
      sql`with ${sql.join(steps, sql`, `)} select ${sql.join(columns, sql`, `)}`,
    );
    const row = rows[0]!;
    return chain.map((_, i) =>
      row[`n${i}`] === null ? null : { count: Number(row[`n${i}`]), resetAt: Number(row[`r${i}`]) },
    );
  }

  return {
    hit,
    hitChain,
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
 * The chains of a batch of requests, in arrival order, over the batch's distinct counters (KEYS).
 * ARGV: each counter's window (ms), then its max, then per request the length of its chain and the
 * counters' positions in KEYS. A request's chain stops after the first counter now over its max.
 * Answers per request, per link, the new count (-1: not counted), then each counter's window left.
 */
const HIT_CHAINS = `
local n = #KEYS
local counts, added = {}, {}
for i = 1, n do
  counts[i] = tonumber(redis.call('GET', KEYS[i]) or '0')
  added[i] = 0
end
local out = {}
local pos = 2 * n + 1
while pos <= #ARGV do
  local length = tonumber(ARGV[pos])
  local stopped = false
  for j = 1, length do
    local i = tonumber(ARGV[pos + j])
    if stopped then
      table.insert(out, -1)
    else
      counts[i] = counts[i] + 1
      added[i] = added[i] + 1
      table.insert(out, counts[i])
      if counts[i] > tonumber(ARGV[n + i]) then stopped = true end
    end
  end
  pos = pos + length + 1
end
for i = 1, n do
  local ttl = redis.call('PTTL', KEYS[i])
  if added[i] > 0 then
    redis.call('INCRBY', KEYS[i], added[i])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[i])
      ttl = tonumber(ARGV[i])
    end
  end
  table.insert(out, ttl)
end
return out`;

type HitChains = (n: number, ...args: (string | number)[]) => Promise<number[]>;

/**
 * Counters in Redis, shared by every server process. The hits of requests that arrive while a
 * round trip is under way go together in the next one (group commit), and the script walks them
 * in arrival order: each request gets its own exact counts, as if it had been alone, and an idle
 * server sends each hit at once.
 */
export function redisRateStore(redis: Redis): RateStore {
  redis.defineCommand("rateHitChains", { lua: HIT_CHAINS });
  const hitChains = (redis as unknown as { rateHitChains: HitChains }).rateHitChains.bind(redis);
  const batcher = groupCommit<{ chain: ChainLink[]; windowMs: number }, (Hit | null)[]>(
    async (requests) => {
      // Every distinct counter once, with its window and max (the first request's).
      const index = new Map<string, number>();
      const counters: { link: ChainLink; windowMs: number }[] = [];
      for (const { chain, windowMs } of requests)
        for (const link of chain)
          if (!index.has(link.key)) {
            index.set(link.key, counters.length + 1);
            counters.push({ link, windowMs });
          }
      const flat = await hitChains(
        counters.length,
        ...counters.map((c) => `rl:${c.link.key}`),
        ...counters.map((c) => c.windowMs),
        ...counters.map((c) => c.link.max),
        ...requests.flatMap(({ chain }) => [chain.length, ...chain.map((link) => index.get(link.key)!)]),
      );
      const now = Date.now();
      const ttls = flat.slice(flat.length - counters.length);
      let at = 0;
      return requests.map(({ chain }) =>
        chain.map((link) => {
          const count = flat[at++]!;
          return count < 0 ? null : { count, resetAt: now + ttls[index.get(link.key)! - 1]! };
        }),
      );
    },
    { maxBatch: 1_000 },
  );
  const hitChain = (chain: ChainLink[], windowMs: number) => batcher.submit({ chain, windowMs });
  return {
    hitChain,
    // A lone counter never stops short: its max only ends a chain.
    hit: async (key, windowMs) => (await hitChain([{ key, max: Number.MAX_SAFE_INTEGER }], windowMs))[0]!,
    async peek(key) {
      return Number((await redis.get(`rl:${key}`)) ?? 0);
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
  };
}
