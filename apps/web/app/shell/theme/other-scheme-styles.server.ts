import { createHash } from "node:crypto";
import { OTHER_SCHEME_ATTRIBUTE } from "./other-scheme";

/**
 * A page rendered for a visitor in "system" colour mode whose browser did not say its scheme (no
 * `Sec-CH-Prefers-Color-Scheme`: Safari, Firefox, and Chromium on its first request) is rendered
 * light, and carries the dark theme's variables as well, under the dark scheme's media query. So the
 * page is painted in the system's scheme before any script runs (with none at all, too), and no
 * redirect is needed to ask for the hint (docs/architecture.md, "Colour mode").
 */

/** Distinct light style sets remembered (one per kind of page and brand, in practice). */
const REMEMBERED = 200;
/** By the light set's hash: the dark set, or its rendering while it runs (so a burst renders once). */
const remembered = new Map<string, Promise<string>>();

/**
 * The dark theme's variables for a page whose light ones are `lightCss`, as one <style> element
 * placed after them: the same selectors, so inside the media query they win by coming later. The
 * same light set (the same components under the same brand) always has the same dark set, so the
 * second rendering that makes it (`renderDarkCss`) runs once per kind of page, not per request.
 */
export async function darkStylesFor(lightCss: string, renderDarkCss: () => Promise<string>): Promise<string> {
  const key = createHash("sha256").update(lightCss).digest("base64url");
  let css = remembered.get(key);
  if (css === undefined) {
    css = renderDarkCss();
    // A failed rendering is forgotten, so the next request tries again.
    css.catch(() => remembered.delete(key));
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value!);
  } else {
    // Most recently used last, so the oldest is the first one forgotten.
    remembered.delete(key);
  }
  remembered.set(key, css);
  return `<style ${OTHER_SCHEME_ATTRIBUTE}="dark">@media (prefers-color-scheme: dark){${await css}}</style>`;
}
