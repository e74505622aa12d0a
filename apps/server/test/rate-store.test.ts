import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseRateStore, type RateStore, redisRateStore } from "../src/features/rate-limit/rate-store";
import { REDIS_URL, redisReachable } from "./helpers/redis";
import { createTestApp, type TestApp } from "./helpers/test-app";

const withRedis = await redisReachable();
if (!withRedis) console.log(`rate-store.test.ts: no Redis at ${REDIS_URL}; its Redis half is skipped`);

/** The same behaviour from both stores: counts per key, one window each, reset when it ends. */
function storeContract(name: string, open: () => Promise<{ store: RateStore; close(): Promise<void> }>) {
  describe(`rate store: ${name}`, () => {
    let store: RateStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    const chain = (...keys: string[]) => keys.map((key) => ({ key, max: 1_000 }));

    it("hitChain counts every key once and reports each window's end", async () => {
      const a = `t:${Math.random()}`;
      const b = `t:${Math.random()}`;
      const before = Date.now();
      const first = await store.hitChain(chain(a, b), 60_000);
      const second = await store.hitChain(chain(a, b), 60_000);
      const third = await store.hitChain(chain(a), 60_000);
      expect(first.map((h) => h?.count)).toEqual([1, 1]);
      expect(second.map((h) => h?.count)).toEqual([2, 2]);
      expect(third.map((h) => h?.count)).toEqual([3]);
      for (const hit of [...first, ...second, ...third]) {
        expect(hit!.resetAt).toBeGreaterThan(before + 55_000);
        expect(hit!.resetAt).toBeLessThanOrEqual(Date.now() + 60_000);
      }
      expect(await store.peek(a)).toBe(3);
    });

    it("hitChain stops after the first counter over its max: the next ones are not counted", async () => {
      const key = `t:${Math.random()}`;
      const org = `t:${Math.random()}`;
      const links = [
        { key, max: 2 },
        { key: org, max: 100 },
      ];
      const hits = [];
      for (let i = 0; i < 5; i++) hits.push(await store.hitChain(links, 60_000));
      expect(hits.map(([k, o]) => [k!.count, o?.count ?? null])).toEqual([
        [1, 1],
        [2, 2],
        [3, null],
        [4, null],
        [5, null],
      ]);
      expect(await store.peek(org)).toBe(2);
    });

    it("hits sent at once each get their own count, none lost or repeated", async () => {
      const key = `t:${Math.random()}`;
      const other = `t:${Math.random()}`;
      const hits = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          store.hitChain(i % 2 === 0 ? chain(key, other) : chain(key), 60_000),
        ),
      );
      expect(hits.map((h) => h[0]!.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      expect(
        hits
          .filter((h) => h.length === 2)
          .map((h) => h[1]!.count)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(await store.peek(key)).toBe(50);
    });

    it("chains sent at once admit exactly the key's max to the next counter", async () => {
      const key = `t:${Math.random()}`;
      const org = `t:${Math.random()}`;
      const links = [
        { key, max: 10 },
        { key: org, max: 1_000 },
      ];
      const hits = await Promise.all(Array.from({ length: 40 }, () => store.hitChain(links, 60_000)));
      expect(hits.filter(([, o]) => o !== null)).toHaveLength(10);
      expect(await store.peek(org)).toBe(10);
      expect(await store.peek(key)).toBe(40);
    });

    it("a new window starts from 1 once the old one has ended", async () => {
      const key = `t:${Math.random()}`;
      await store.hitChain(chain(key), 200);
      expect((await store.hit(key, 200)).count).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await store.hit(key, 200)).count).toBe(1);
    });
  });
}

storeContract("database", async () => {
  const t: TestApp = await createTestApp();
  return { store: databaseRateStore(t.database.db), close: () => t.close() };
});

if (withRedis)
  storeContract("redis", async () => {
    const redis = new Redis(REDIS_URL);
    return { store: redisRateStore(redis), close: async () => void (await redis.quit()) };
  });
