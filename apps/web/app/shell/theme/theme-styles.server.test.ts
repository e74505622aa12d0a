import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import hash from "@emotion/hash";
import { Button, ConfigProvider } from "antd";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { STATIC_STYLES_THEME } from "./static-styles";
import { themeStylesOf } from "./theme-styles.server";
import { themeConfig } from "./tokens";

/** Each style element's token key and own key, in order. */
const keysOf = (html: string) =>
  [...html.matchAll(/<style [^>]*data-token-hash="([^"]+)" data-css-hash="([^"]+)">/g)].map(
    ([, token, own]) => ({
      token,
      own,
    }),
  );

/** A page's rendering with a button, its styles registered in the cache it returns. */
function rendered(dark = false) {
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(ConfigProvider, { theme: { ...themeConfig(dark), ...STATIC_STYLES_THEME } }, h(Button, null, "a")),
    ),
  );
  return cache;
}

describe("the theme's variables written for the browser's antd to find", () => {
  it("keys the token style as the browser looks for it, and leaves the components' variables", () => {
    const cache = rendered();
    const extracted = extractStyle(cache, { types: ["token", "cssVar"] });
    const [tokenKeys] = keysOf(extractStyle(cache, { types: "token" }));
    expect(tokenKeys).toBeDefined();
    const styles = themeStylesOf(cache);
    const before = keysOf(extracted);
    const after = keysOf(styles);
    expect(after).toHaveLength(before.length);
    expect(before.length).toBeGreaterThan(1);
    const browserKey = hash(`css-var-${tokenKeys!.token}`);
    expect(browserKey).not.toBe(tokenKeys!.own);
    // The token's style now carries the browser's key; every other style keeps its own.
    expect(after.map((k) => k.own)).toEqual(
      before.map((k) => (k.own === tokenKeys!.own ? browserKey : k.own)),
    );
  });

  it("drops extractStyle's empty record of style paths, as an element and as a plain rule", () => {
    const cache = rendered(true);
    expect(extractStyle(cache, { types: ["token", "cssVar"] })).toContain("data-ant-cssinjs-cache-path");
    expect(extractStyle(cache, { types: ["token", "cssVar"], plain: true })).toContain(
      ".data-ant-cssinjs-cache-path",
    );
    expect(themeStylesOf(cache)).not.toContain("data-ant-cssinjs-cache-path");
    const plain = themeStylesOf(cache, true);
    expect(plain).not.toContain("data-ant-cssinjs-cache-path");
    expect(plain).not.toContain("<style");
    expect(plain).toContain("--ant-color-primary:");
  });
});
