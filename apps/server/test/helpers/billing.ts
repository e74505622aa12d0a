import { TRADE_TYPES } from "@nc/contracts/trade-types";
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
