/**
 * The public face of the billing feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */

export type { BalanceAdjustmentInput } from "./balance-adjustment";
export { adjustBalance } from "./balance-adjustment";
export type { Actor, BillingService } from "./billing-service";
export { billingService, insufficientBalance } from "./billing-service";
export type { SystemNote } from "./ledger-note";
export { noteText } from "./ledger-note";
