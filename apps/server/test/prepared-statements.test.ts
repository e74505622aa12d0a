import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, queryRowsPrepared } from "../src/db/query";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/**
 * Hot statements run as named prepared statements (db/query.ts, queryRowsPrepared): parsed and
 * planned once per connection, then only bound. The embedded database runs them as any statement.
 */
describe("prepared statements", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const doubled = (n: number) => sql`select ${n}::int * 2 as v, ${`n${n}`}::text as label`;

  it("answer with each run's own values", async () => {
    for (const n of [1, 2, 3, 40])
      expect(await queryRowsPrepared(t.database.db, doubled(n))).toEqual([{ v: n * 2, label: `n${n}` }]);
    // A second text gets its own statement, and the first still answers right after it.
    expect(await queryRowsPrepared(t.database.db, sql`select ${"x"}::text || 'y' as v`)).toEqual([
      { v: "xy" },
    ]);
    expect(await queryRowsPrepared(t.database.db, doubled(5))).toEqual([{ v: 10, label: "n5" }]);
  });

  it.runIf(onPostgres)("are parsed once per connection on PostgreSQL, under one name per text", async () => {
    await t.database.db.transaction(async (tx) => {
      for (const n of [7, 8, 9]) await queryRowsPrepared(tx, doubled(n));
      await queryRowsPrepared(tx, sql`select ${1}::int + 1 as other`);
      const prepared = await queryRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where name like 'nc\\_%' order by name`,
      );
      const mine = prepared.filter((p) => /::int \* 2 as v|::int \+ 1 as other/.test(p.statement));
      // One statement for the three runs of the first text, one for the other text.
      expect(mine).toHaveLength(2);
      expect(new Set(mine.map((p) => p.name)).size).toBe(2);
    });
  });
});
