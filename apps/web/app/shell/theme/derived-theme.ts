import type { CompactMapToken } from "./tokens";

/**
 * The page's antd map token as the server derived it (derived-theme.server.ts), for the colour
 * scheme and brand colour the server rendered with. The browser uses it only for that same scheme
 * and brand (derivedTokenFor).
 */
export interface DerivedTheme {
  dark: boolean;
  /** The brand colour as the site gives it; "" for the product's own. */
  brand: string;
  /**
   * The CompactMapToken as JSON: one string in the page's data, where an object of a few hundred
   * entries would cost an index per key and value in React Router's stream (docs/performance.md,
   * "Lighthouse").
   */
  token: string;
}

let lastJson: string | undefined;
let lastToken: CompactMapToken | undefined;

/**
 * The server's map token when it was derived for this scheme and brand, else nothing (derive
 * here). The same JSON gives the same object, so antd's theme cache and React's memos hold.
 */
export function derivedTokenFor(
  derived: DerivedTheme | undefined,
  dark: boolean,
  brand: string | undefined,
): CompactMapToken | undefined {
  if (!derived || derived.dark !== dark || derived.brand !== (brand ?? "")) return undefined;
  if (derived.token !== lastJson) {
    lastToken = JSON.parse(derived.token) as CompactMapToken;
    lastJson = derived.token;
  }
  return lastToken;
}
