/**
 * The public face of the price feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { monthStartUtc } from "./price-repo";
export type { EffectivePrices, PriceBand } from "./price-service";
export { pickBand, priceService } from "./price-service";
