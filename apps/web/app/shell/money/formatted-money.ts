import { reuseFormattedMoney } from "@nc/contracts/money";

/** Where the page's HTML leaves the amounts the server formatted (formatted-money.server.ts). */
export const FORMATTED_MONEY_GLOBAL = "__ncMoney";

/**
 * Before hydration: the amounts the server rendered are answered with its own text, so no
 * Intl.NumberFormat is built while the page hydrates (docs/performance.md, "Less work between the
 * first paint and an interactive page").
 */
export function reuseServerFormattedMoney(): void {
  reuseFormattedMoney(
    (window as unknown as Record<string, Record<string, string> | undefined>)[FORMATTED_MONEY_GLOBAL],
  );
}
