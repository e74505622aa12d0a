/**
 * The public face of the fraud-list feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */

export type { FraudLists } from "./fraud-list-service";
export { fraudListService } from "./fraud-list-service";
