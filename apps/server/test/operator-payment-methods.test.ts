import type { OperatorPaymentMethods } from "@nc/contracts/operator";
import { describe, expect, it } from "vitest";
import { expectOk } from "./helpers/accounts";
import { as, platformOperator } from "./helpers/operators";
import { createTestApp } from "./helpers/test-app";

/** The console's overview says when customers have no way to pay (docs/operations.md, "The operator console"). */
describe("GET /api/operator/payment-methods", () => {
  it.each([
    [{}, { card: false, bankTransfer: false }],
    [{ BANK_TRANSFER_DETAILS: "IBAN DE89 3704 0044 0532 0130 00" }, { card: false, bankTransfer: true }],
    // The key alone is not enough: without the webhook's secret no payment would ever be credited.
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, { card: false, bankTransfer: false }],
    [
      { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_123" },
      { card: true, bankTransfer: false },
    ],
  ])("with %j answers %j", async (env, expected) => {
    const t = await createTestApp(env);
    try {
      const operator = await platformOperator(t);
      expect(
        expectOk<OperatorPaymentMethods>(await as(t, operator)("GET", "/api/operator/payment-methods")),
      ).toEqual(expected);
    } finally {
      await t.close();
    }
  });
});
