import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { singleChecksQuery } from "../src/features/detection/detection-repo";
import { fraudVelocity } from "../src/features/detection/fraud-velocity";
import { jobWorker } from "../src/features/job/worker";
import { expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { submitAsLive } from "./helpers/jobs";
import type { inTenant } from "./helpers/tenancy";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

interface Item {
  e164: string;
  result: { fraud: { reasons: { code: string }[] } } | null;
}

/** A number checked often on its own, and one never checked before. */
const BUSY = "+447400200001";
const QUIET = "+447400200002";
const FUNDS = 100_000_000n;

const velocityCodes = (item: Item | undefined) =>
  (item?.result?.fraud.reasons ?? []).map((r) => r.code).filter((c) => c.startsWith("velocity_"));

describe("fraud velocity: a number's recent single checks, in single checks and bulk jobs alike", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** `times` single checks of `number` (any service counts: basic here, the cheapest). */
  async function checkAlone(api: ReturnType<typeof inTenant>, number: string, times: number) {
    for (let i = 0; i < times; i++)
      expectOk(await api("POST", "/api/tenant/detection/check", { service: "basic", number }));
  }

  async function itemsOf(api: ReturnType<typeof inTenant>, jobId: string) {
    const page = expectOk<{ items: Item[] }>(await api("GET", `/api/tenant/job/s/${jobId}/items?limit=100`));
    return new Map(page.items.map((item) => [item.e164, item]));
  }

  it("counts single checks of the organisation only, per number, in one query for a batch", async () => {
    const a = await fundedTenant(t, FUNDS);
    const b = await fundedTenant(t, FUNDS);
    await checkAlone(a.api, BUSY, 3);
    await checkAlone(a.api, QUIET, 1);
    await checkAlone(b.api, BUSY, 2);
    // A bulk list holding the number is not a single check.
    expectOk(await a.api("POST", "/api/tenant/job", { service: "basic", numbers: [BUSY, QUIET] }));

    const velocity = fraudVelocity(t.database.db);
    const ofA = await velocity(a.tenantId, [BUSY, QUIET, "+447400200003"]);
    expect([ofA(BUSY), ofA(QUIET), ofA("+447400200003")]).toEqual([3, 1, 0]);
    expect((await velocity(b.tenantId, [BUSY]))(BUSY)).toBe(2);
    expect((await velocity(a.tenantId, []))(BUSY)).toBe(0);
  });

  it("a fraud-shield list read from a file or pasted takes the velocity of its numbers", async () => {
    const a = await fundedTenant(t, FUNDS);
    const b = await fundedTenant(t, FUNDS);
    await checkAlone(a.api, BUSY, 6);

    const job = expectOk<{ id: string; status: string }>(
      await a.api("POST", "/api/tenant/job", { service: "fraud_shield", numbers: [BUSY, QUIET] }),
    );
    expect(job.status).toBe("completed");
    const items = await itemsOf(a.api, job.id);
    expect(velocityCodes(items.get(BUSY))).toEqual(["velocity_elevated"]);
    expect(velocityCodes(items.get(QUIET))).toEqual([]);

    // The same list in another organisation: its own history, none.
    const other = expectOk<{ id: string }>(
      await b.api("POST", "/api/tenant/job", { service: "fraud_shield", numbers: [BUSY, QUIET] }),
    );
    expect(velocityCodes((await itemsOf(b.api, other.id)).get(BUSY))).toEqual([]);
  });

  it("the job worker scores velocity too (items checked by the worker, as live services are)", async () => {
    const a = await fundedTenant(t, FUNDS);
    await checkAlone(a.api, BUSY, 20);
    const job = await submitAsLive<{ id: string }>(t, a.api, {
      service: "fraud_shield",
      numbers: [BUSY, QUIET],
    });
    await jobWorker(t.database.db, t.app.services, t.app.jobs.service, t.app.jobs.processor, {
      batch: 100,
      concurrency: 2,
      leaseSeconds: 60,
    }).drain();
    const items = await itemsOf(a.api, job.id);
    expect(velocityCodes(items.get(BUSY))).toEqual(["velocity_high"]);
    expect(velocityCodes(items.get(QUIET))).toEqual([]);
  });

  it.runIf(onPostgres)(
    "on PostgreSQL, the count is an index probe per number, however many bulk items the organisation has",
    async () => {
      const a = await fundedTenant(t, FUNDS);
      await checkAlone(a.api, BUSY, 2);
      // A bulk job of 50,000 rows today, the number among them: none of it is read.
      const bulk = expectOk<{ id: string }>(
        await a.api("POST", "/api/tenant/job", { service: "basic", numbers: [QUIET], draft: true }),
      );
      await t.database.db.execute(
        sql`insert into detection_items (job_id, seq, input, e164, status)
            select ${bulk.id}::uuid, g, '+4474003' || lpad(g::text, 5, '0'), '+4474003' || lpad(g::text, 5, '0'), 'done'
            from generate_series(1, 50000) g`,
      );
      await t.database.db.execute(sql`analyze detection_items`);
      const since = new Date(Date.now() - 86_400_000);
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        t.database.db,
        sql`explain ${singleChecksQuery(a.tenantId, [BUSY, QUIET], since)}`,
      );
      const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toMatch(/Index (Only )?Scan.*detection_items_single_e164_idx/);
      expect(text).not.toMatch(/Seq Scan on detection_items/);
      expect((await fraudVelocity(t.database.db)(a.tenantId, [BUSY]))(BUSY)).toBe(2);
    },
    60_000,
  );
});
