/**
 * The public face of the detection feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { checkPipeline } from "./check-pipeline";
export type { DetectionService } from "./detection-service";
export { detectionService } from "./detection-service";
export type { VelocityCounts } from "./fraud-velocity";
export { fraudVelocity } from "./fraud-velocity";
export type { PackedResult } from "./packed-result";
export { packResult, unpackResult } from "./packed-result";
export type { ResultFacets } from "./result-view";
export { isChargeable, NEEDS, resultFacets } from "./result-view";
