/**
 * The public face of the price feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { monthStartUtc } from "./price-repo";
export type { EffectivePrices, PriceBand, PriceService } from "./price-service";
export {
  bandRange,
  PriceInputError,
  pickBand,
  priceService,
  quoteToView as priceQuoteView,
  toView as priceView,
} from "./price-service";
