import type { DerivedTheme } from "./derived-theme";
import { derivedMapToken } from "./tokens";

/**
 * Map tokens by scheme and brand colour. A derivation costs milliseconds even on the server, and a
 * site has one brand, so each is worked out once; the map is emptied if it ever holds more than a
 * few hundred brands.
 */
const derivedThemes = new Map<string, DerivedTheme>();
const MAX_DERIVED_THEMES = 256;

/** The map token a page rendered in this scheme and brand colour uses, sent to the browser with it. */
export function derivedTheme(dark: boolean, brand: string | undefined): DerivedTheme {
  const key = `${dark ? "dark" : "light"}|${brand ?? ""}`;
  let derived = derivedThemes.get(key);
  if (!derived) {
    derived = { dark, brand: brand ?? "", token: JSON.stringify(derivedMapToken(dark, brand || undefined)) };
    if (derivedThemes.size >= MAX_DERIVED_THEMES) derivedThemes.clear();
    derivedThemes.set(key, derived);
  }
  return derived;
}
