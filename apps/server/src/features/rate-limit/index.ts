/**
 * The public face of the rate-limit feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { enforceLimits } from "./limiter";
export type { Hit, RateStore } from "./rate-store";
