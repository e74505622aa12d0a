/**
 * The public face of the account feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { csvStream } from "./account-export";
export { accountRepo, SPENDING_SUM, SPENDING_TYPES, spendingService } from "./account-repo";
export { accountService } from "./account-service";
