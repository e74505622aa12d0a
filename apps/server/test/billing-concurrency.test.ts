import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectionItems, detectionJobs, ledgerEntries } from "../src/db/schema/index";
import { detectionService } from "../src/features/detection/detection-service";
import { DEFAULT_STANDARD_PRICES } from "../src/features/price/price-service";
import { fundedTenant, system } from "./helpers/billing";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/** Money under real concurrency: only a server with many connections can race. */
describe.skipIf(!onPostgres)("billing under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a balance of 100 and 300 simultaneous charges of 1 give exactly 100 successes", async () => {
    const { tenantId, billing } = await fundedTenant(t, 100n);
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, () =>
        billing.charge({ tenantId, tradeType: TRADE_TYPES.checkBasic, amountMicros: 1n, actor: system }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(100);
    expect(await billing.verify(tenantId)).toEqual({ balanceMicros: 0n, ledgerSum: 0n, ok: true });
  });

  it("300 simultaneous single checks from two processes with money for 100: 100 stored in one job, each charged once", async () => {
    const unit = DEFAULT_STANDARD_PRICES.basic[0]!;
    const { tenantId, owner, billing } = await fundedTenant(t, unit * 100n);
    // Two detection services are two group-commit writers, as two server processes would have:
    // their batches race for the same day's job and its places.
    const services = [0, 1].map(() => detectionService(t.database.db, t.app.services.lookup, t.app.services));
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, (_, i) =>
        services[i % 2]!.check({ tenantId, userId: owner.id, service: "basic", number: "+442079460000" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(100);
    expect(await billing.verify(tenantId)).toEqual({ balanceMicros: 0n, ledgerSum: 0n, ok: true });

    const jobs = await t.database.db.select().from(detectionJobs).where(eq(detectionJobs.tenantId, tenantId));
    expect(jobs).toMatchObject([{ kind: "single", total: 100, done: 100, chargedMicros: unit * 100n }]);
    const items = await t.database.db
      .select()
      .from(detectionItems)
      .where(eq(detectionItems.jobId, jobs[0]!.id));
    expect(items.map((i) => i.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    // Each ledger row covers exactly the checks that name it.
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.tenantId, tenantId));
    const charges = rows.filter((r) => r.tradeType === TRADE_TYPES.checkBasic);
    expect(charges.length).toBeLessThan(100);
    for (const charge of charges) {
      const covered = items.filter((i) => i.ledgerEntryId === charge.id);
      expect(covered.length).toBe(charge.quantity);
      expect(covered.reduce((sum, i) => sum + i.costMicros, 0n)).toBe(-charge.amountMicros);
    }
    expect(items.every((i) => charges.some((c) => c.id === i.ledgerEntryId))).toBe(true);
  });

  it("the same idempotency key sent 50 times at once charges once", async () => {
    const { tenantId, billing } = await fundedTenant(t, 1_000n);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        billing.charge({
          tenantId,
          tradeType: TRADE_TYPES.checkNumberApi,
          amountMicros: 10n,
          idempotencyKey: "same",
          request: { n: 1 },
          actor: system,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(await billing.verify(tenantId)).toMatchObject({ balanceMicros: 990n, ok: true });
  });

  it("simultaneous reserves, settles and releases keep balance = ledger and never go negative", async () => {
    const { tenantId, billing } = await fundedTenant(t, 1_000n);
    const reserved = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        billing.reserve({ tenantId, tradeType: 11, amountMicros: 50n, actor: system }),
      ),
    );
    const held = reserved.flatMap((r) => (r.status === "fulfilled" ? [r.value.reservation] : []));
    expect(held).toHaveLength(20);
    await Promise.allSettled(
      held.flatMap((r) => [
        billing.settle(tenantId, r.id, 20n),
        billing.settle(tenantId, r.id, 20n),
        billing.settle(tenantId, r.id, 20n),
      ]),
    );
    await Promise.all(
      held.flatMap((r) => [billing.release(tenantId, r.id, system), billing.release(tenantId, r.id, system)]),
    );
    const check = await billing.verify(tenantId);
    // Each hold of 50 used 40 (two settles of 20 fit, the third does not) and returned 10.
    expect(check).toEqual({ balanceMicros: 200n, ledgerSum: 200n, ok: true });
  });
});

if (!onPostgres)
  console.info("billing-concurrency.test.ts: needs PostgreSQL (TEST_DATABASE_URL); skipped on PGlite.");
