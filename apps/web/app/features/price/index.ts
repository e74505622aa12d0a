// What other features may use of price (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { usePriceQuote } from "./api/price-quote";
