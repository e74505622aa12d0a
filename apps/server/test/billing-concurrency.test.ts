import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
