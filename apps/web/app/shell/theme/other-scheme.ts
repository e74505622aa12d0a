/**
 * A page whose visitor's scheme the server did not know carries the dark theme's variables as well,
 * in a <style> with this attribute (other-scheme-styles.server.ts). Once the page has hydrated,
 * antd has written the variables of the scheme the browser is in, so the set is dropped: left in,
 * it would outrank them, and a theme edited live would not show in dark mode.
 */
export const OTHER_SCHEME_ATTRIBUTE = "data-nc-scheme";

export function dropOtherSchemeStyles(): void {
  for (const style of document.querySelectorAll(`style[${OTHER_SCHEME_ATTRIBUTE}]`)) style.remove();
}
