/**
 * The public face of the recharge feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export type { RechargeRow, RechargeService, RequestOrigin } from "./recharge-service";
export { rechargeService } from "./recharge-service";
