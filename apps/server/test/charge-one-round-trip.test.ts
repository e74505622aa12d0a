import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../src/db/query";
import { ledgerEntries, notices } from "../src/db/schema/index";
import { detectionService } from "../src/features/detection/detection-service";
import { fundedTenant, system, twoBasicBands } from "./helpers/billing";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** A London fixed line: valid, charged, not worth a live look-up. */
const FIXED = "+442079460000";

/**
 * A batch of single checks is written in one statement, without a transaction, once this process
 * has charged the organisation this month: it debits whatever balance it finds. When the balance
 * does not cover it, the month's volume another writer moved puts a check in another price band,
 * or the batch would set the low-balance flag, the statement refuses and the batch goes the locked
 * way (docs/architecture.md, "A check costs one row"). Either way the money is the same.
 */
describe("single checks charged in one round trip", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function org(openingMicros = 1_000_000n) {
    const funded = await fundedTenant(t, openingMicros);
    const detection = detectionService(t.database.db, t.app.services.lookup, t.app.services);
    const check = () =>
      detection.check({
        tenantId: funded.tenantId,
        userId: funded.owner.id,
        service: "basic",
        number: FIXED,
      });
    // The locked way opens a transaction; the one-statement way does not.
    const transactions = vi.spyOn(t.database.db, "transaction");
    return { ...funded, check, transactions };
  }

  /** The balance, the ledger's sum, and the newest ledger row's balance after: all three agree. */
  async function money(tenantId: string) {
    const { balanceMicros, ledgerSum, ok } = await t.app.services.billing.verify(tenantId);
    const [latest] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, tenantId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(1);
    expect(ok).toBe(true);
    expect(latest!.balanceAfterMicros).toBe(balanceMicros);
    return { balanceMicros, ledgerSum };
  }

  /** Each ledger row's balance after is the one before it plus its amount. */
  async function chained(tenantId: string) {
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, tenantId))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
    let balance = 0n;
    for (const row of rows) {
      balance += row.amountMicros;
      expect(row.balanceAfterMicros).toBe(balance);
    }
  }

  it("after this process's own charge, the next check is written without a transaction", async () => {
    const { tenantId, check, transactions } = await org();
    const first = await check();
    expect(transactions).toHaveBeenCalledTimes(1);
    const before = await money(tenantId);
    transactions.mockClear();
    const second = await check();
    expect(transactions).not.toHaveBeenCalled();
    expect(second.costMicros).toBe(first.costMicros);
    expect((await money(tenantId)).balanceMicros).toBe(before.balanceMicros - BigInt(second.costMicros));
    transactions.mockRestore();
  });

  it("a balance moved by another writer: the next batch is debited from the real balance in one statement", async () => {
    const { tenantId, billing, check, transactions } = await org();
    await check();
    // A recharge elsewhere: the remembered balance is now too low, which does not matter, as the
    // statement takes its total from the balance it finds and chains the ledger from there.
    await billing.credit({ tenantId, tradeType: TRADE_TYPES.recharge, amountMicros: 7_000n, actor: system });
    const raised = await money(tenantId);
    transactions.mockClear();
    const after = await check();
    expect(transactions).not.toHaveBeenCalled();
    expect((await money(tenantId)).balanceMicros).toBe(raised.balanceMicros - BigInt(after.costMicros));
    await chained(tenantId);

    // Taken below one check's price behind this process's back: the statement fails the
    // non-negative check, the locked way refuses the check, nothing is charged.
    await check();
    await t.database.db.execute(sql`update accounts set balance_micros = 10 where tenant_id = ${tenantId}`);
    await t.database.db.execute(
      sql`insert into ledger_entries (id, tenant_id, trade_type, amount_micros, balance_after_micros, actor_type)
          select gen_random_uuid(), ${tenantId}, 3, 10 - balance, 10, 'system'
          from (select sum(amount_micros) as balance from ledger_entries where tenant_id = ${tenantId}) s`,
    );
    transactions.mockClear();
    await expect(check()).rejects.toMatchObject({ code: 40200 });
    expect(transactions).toHaveBeenCalledTimes(1);
    expect((await money(tenantId)).balanceMicros).toBe(10n);
    transactions.mockRestore();
  });

  it("a volume moved by another writer within the price band keeps the one statement", async () => {
    const { tenantId, check, transactions } = await org();
    await twoBasicBands(t, tenantId, 20);
    expect((await check()).costMicros).toBe("5000");
    await t.database.db.execute(
      sql`update monthly_volumes set quantity = quantity + 10 where tenant_id = ${tenantId} and service = 'basic'`,
    );
    transactions.mockClear();
    expect((await check()).costMicros).toBe("5000");
    expect(transactions).not.toHaveBeenCalled();
    // The volume this process remembers is the one the statement left (12), so crossing into the
    // second band later is priced right, the locked way only when the band's edge is in doubt.
    await t.database.db.execute(
      sql`update monthly_volumes set quantity = quantity + 7 where tenant_id = ${tenantId} and service = 'basic'`,
    );
    expect((await check()).costMicros).toBe("5000");
    expect((await check()).costMicros).toBe("2000");
    await money(tenantId);
    await chained(tenantId);
    transactions.mockRestore();
  });

  it("a volume moved by another writer prices the batch at the real volume", async () => {
    const { tenantId, check, transactions } = await org();
    await twoBasicBands(t, tenantId);
    expect((await check()).costMicros).toBe("5000");
    expect((await check()).costMicros).toBe("5000");
    // Another process's checks raise the month's volume into the second band.
    await t.database.db.execute(
      sql`update monthly_volumes set quantity = quantity + 10 where tenant_id = ${tenantId} and service = 'basic'`,
    );
    transactions.mockClear();
    expect((await check()).costMicros).toBe("2000");
    expect(transactions).toHaveBeenCalledTimes(1);
    await money(tenantId);
    transactions.mockRestore();
  });

  it("a batch that sets the low-balance flag goes the locked way and sends its notice once", async () => {
    const { tenantId, check, transactions } = await org();
    const first = await check();
    const price = BigInt(first.costMicros);
    const { balanceMicros } = await money(tenantId);
    // The flag is set when the balance falls below the threshold: the next check does that.
    await t.database.db.execute(
      sql`update accounts set low_balance_threshold_micros = ${balanceMicros - price / 2n} where tenant_id = ${tenantId}`,
    );
    transactions.mockClear();
    await check();
    expect(transactions).toHaveBeenCalledTimes(1);
    const sent = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.tenantId, tenantId), eq(notices.type, "low_balance")));
    expect(sent).toHaveLength(1);
    // Below the threshold already: the flag stays set, no second notice, and the quick way again.
    transactions.mockClear();
    await check();
    expect(transactions).not.toHaveBeenCalled();
    const [flag] = await queryRows<{ low_balance_alerted: boolean }>(
      t.database.db,
      sql`select low_balance_alerted from accounts where tenant_id = ${tenantId}`,
    );
    expect(flag!.low_balance_alerted).toBe(true);
    await money(tenantId);
    transactions.mockRestore();
  });
});
