/**
 * The public face of the coverage feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export type { CoverageService } from "./coverage-service";
export { coverageService } from "./coverage-service";
export type { ProviderStatsBuffer } from "./provider-stats-buffer";
export { createProviderStatsBuffer } from "./provider-stats-buffer";
export { providerStatsRepo } from "./provider-stats-repo";
