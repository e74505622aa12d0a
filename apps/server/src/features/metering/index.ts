/**
 * The public face of the metering feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { LATENCY_SLOTS, percentile } from "./latency-buckets";
export type { Meter } from "./meter";
export { createMeter } from "./meter";
export { meteringRepo } from "./metering-repo";
