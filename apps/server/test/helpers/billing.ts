import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { priceService } from "../../src/features/price/price-service";
import { registerUser } from "./accounts";
import { createTenant, inTenant } from "./tenancy";
import type { TestApp } from "./test-app";

export const system = { type: "system" as const };

/**
 * A fresh organisation, its owner, the billing service and a dashboard caller as the owner (`api`),
 * with an optional opening balance (a recharge).
 */
export async function fundedTenant(t: TestApp, openingMicros = 0n) {
  const owner = await registerUser(t);
  const tenantId = await createTenant(t, owner, "Billing Org");
  const billing = t.app.services.billing;
  if (openingMicros > 0n) {
    await billing.credit({
      tenantId,
      tradeType: TRADE_TYPES.recharge,
      amountMicros: openingMicros,
      actor: system,
    });
  }
  return { tenantId, owner, billing, api: inTenant(t, owner, tenantId) };
}

/**
 * The organisation's own basic price in two volume bands: 5000 micros a check until the month's
 * third (or `secondFrom`), 2000 from it, so a test sees which volume a check was priced at.
 */
export async function twoBasicBands(t: TestApp, tenantId: string, secondFrom = 3) {
  const prices = priceService(t.database.db);
  for (const [minMonthlyVolume, priceMicros] of [
    [0, 5000n],
    [secondFrom, 2000n],
  ] as const)
    await prices.set({ scope: "special", tenantId, service: "basic", minMonthlyVolume, priceMicros });
}
