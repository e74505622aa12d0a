import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../src/core/app-error";
import { fundedTenant, system } from "./helpers/billing";
import { createTestApp, type TestApp } from "./helpers/test-app";

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("billing service", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("charges and credits with a ledger row each, balance after included", async () => {
    const { tenantId, billing } = await fundedTenant(t, 5_000_000n);
    const { entry } = await billing.charge({
      tenantId,
      tradeType: TRADE_TYPES.checkHlr,
      amountMicros: 1_250_000n,
      service: "hlr",
      quantity: 1,
      actor: system,
    });
    expect(entry).toMatchObject({
      tradeType: 6,
      amountMicros: -1_250_000n,
      balanceAfterMicros: 3_750_000n,
      service: "hlr",
    });
    await billing.credit({ tenantId, tradeType: TRADE_TYPES.refund, amountMicros: 250_000n, actor: system });
    expect(await billing.verify(tenantId)).toEqual({
      balanceMicros: 4_000_000n,
      ledgerSum: 4_000_000n,
      ok: true,
    });
  });

  it("refuses a charge beyond the balance, saying how much is missing, and changes nothing", async () => {
    const { tenantId, billing } = await fundedTenant(t, 1_000_000n);
    const error = await failure(
      billing.charge({
        tenantId,
        tradeType: TRADE_TYPES.checkBasic,
        amountMicros: 1_500_000n,
        actor: system,
      }),
    );
    expect(error.key).toBe("insufficientBalance");
    expect(error.status).toBe(402);
    expect(error.data).toMatchObject({ missingMicros: "500000", balanceMicros: "1000000", currency: "USD" });
    expect(await billing.verify(tenantId)).toMatchObject({ balanceMicros: 1_000_000n, ok: true });
  });

  it("charges once per idempotency key and refuses the key for a different request", async () => {
    const { tenantId, billing } = await fundedTenant(t, 10_000_000n);
    const charge = (amount: bigint) =>
      billing.charge({
        tenantId,
        tradeType: TRADE_TYPES.checkNumberApi,
        amountMicros: amount,
        idempotencyKey: "req-1",
        request: { number: "+441234", amount: amount.toString() },
        actor: system,
      });
    const first = await charge(2_000_000n);
    const again = await charge(2_000_000n);
    expect(again.replayed).toBe(true);
    expect(again.entry.id).toBe(first.entry.id);
    expect((await failure(charge(3_000_000n))).key).toBe("idempotencyConflict");
    expect(await billing.verify(tenantId)).toMatchObject({ balanceMicros: 8_000_000n, ok: true });
  });

  it("reserves, settles in parts and releases the rest once as a refund", async () => {
    const { tenantId, billing } = await fundedTenant(t, 10_000_000n);
    const { reservation, entry } = await billing.reserve({
      tenantId,
      tradeType: TRADE_TYPES.dataWebDetection,
      amountMicros: 6_000_000n,
      service: "basic",
      quantity: 6,
      actor: system,
    });
    expect(entry.amountMicros).toBe(-6_000_000n);
    await billing.settle(tenantId, reservation.id, 2_000_000n);
    await billing.settle(tenantId, reservation.id, 1_000_000n);
    expect((await failure(billing.settle(tenantId, reservation.id, 4_000_000n))).key).toBe(
      "reservationClosed",
    );
    const refund = await billing.release(tenantId, reservation.id, system, "3 numbers were duplicates");
    expect(refund).toMatchObject({ tradeType: 10, amountMicros: 3_000_000n, referenceId: reservation.id });
    expect(await billing.release(tenantId, reservation.id, system)).toBeNull();
    expect((await failure(billing.settle(tenantId, reservation.id, 1n))).key).toBe("reservationClosed");
    expect(await billing.verify(tenantId)).toMatchObject({
      balanceMicros: 7_000_000n,
      ledgerSum: 7_000_000n,
      ok: true,
    });
  });

  it("does not reserve what the balance cannot hold", async () => {
    const { tenantId, billing } = await fundedTenant(t, 1_000_000n);
    const error = await failure(
      billing.reserve({
        tenantId,
        tradeType: TRADE_TYPES.dataApiDetection,
        amountMicros: 2_000_000n,
        actor: system,
      }),
    );
    expect(error.key).toBe("insufficientBalance");
  });

  it("keeps the tenant's money apart from another's", async () => {
    const a = await fundedTenant(t, 3_000_000n);
    const b = await fundedTenant(t, 0n);
    const { reservation } = await a.billing.reserve({
      tenantId: a.tenantId,
      tradeType: 11,
      amountMicros: 1_000_000n,
      actor: system,
    });
    expect((await failure(b.billing.settle(b.tenantId, reservation.id, 1n))).key).toBe("reservationClosed");
    expect(await b.billing.release(b.tenantId, reservation.id, system)).toBeNull();
    expect(await b.billing.verify(b.tenantId)).toMatchObject({ balanceMicros: 0n, ok: true });
  });
});
