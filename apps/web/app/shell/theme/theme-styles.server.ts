import { type createCache, extractStyle } from "@ant-design/cssinjs";
import emotionHash from "@emotion/hash";

// Node loads it as CommonJS, where the function is the namespace's `default` (as cssinjs gets it).
const hash: typeof emotionHash =
  (emotionHash as unknown as { default?: typeof emotionHash }).default ?? emotionHash;

/** The per-page part of antd's styles: the design tokens and each component's variables. */
const THEME_STYLES: ("token" | "cssVar")[] = ["token", "cssVar"];
/** A style element as extractStyle writes it: its token key, then its own key. */
const STYLE_KEYS = /data-token-hash="([^"]+)" data-css-hash="([^"]+)"/g;
/** extractStyle's record of the style paths it wrote, as an element and as a plain rule. */
const PATH_RECORD_ELEMENT = /<style data-ant-cssinjs-cache-path="[^"]*">[^<]*<\/style>/g;
const PATH_RECORD_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}/g;

/**
 * The theme's variables of one rendering (`cache`), written for the browser's antd to find at
 * hydration rather than add again (docs/performance.md, "antd's work at hydration"):
 *
 * - extractStyle ends with its record of the style paths it wrote, empty here (no rules are
 *   extracted). Left in, it hides the common sheet's record (antd-static-styles.ts,
 *   `sheetStylePathsRule`), and the browser builds the icon reset and adds it a second time.
 * - It writes the design tokens' variables under the token's own key (`data-css-hash`), while the
 *   browser looks for them under `hash("css-var-" + theme key)`: finding none, it added a second
 *   copy of the same ~400 variables, and the browser recalculated every element's style. They are
 *   written under the browser's key.
 *
 * `plain` gives the rules without their style elements (for the other colour scheme's variables).
 */
export function themeStylesOf(cache: ReturnType<typeof createCache>, plain = false): string {
  const styles = extractStyle(cache, { types: THEME_STYLES, plain })
    .replace(PATH_RECORD_ELEMENT, "")
    .replace(PATH_RECORD_RULE, "");
  if (plain) return styles;
  let keyed = styles;
  for (const [, themeKey, ownKey] of extractStyle(cache, { types: "token" }).matchAll(STYLE_KEYS)) {
    keyed = keyed.replace(
      `data-token-hash="${themeKey}" data-css-hash="${ownKey}"`,
      `data-token-hash="${themeKey}" data-css-hash="${hash(`css-var-${themeKey}`)}"`,
    );
  }
  return keyed;
}
