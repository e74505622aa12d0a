import type { Plugin } from "vite";
import { antdStaticStyles } from "../app/shell/theme/antd-static-styles";

/** What root.tsx imports; the build turns it into a hashed, long-cached style sheet. */
const ID = "virtual:antd-static.css";
// A path-like id ending in .css, so Vite's CSS pipeline (bundling, hashing, the route's <link>) takes it.
const RESOLVED = "/__antd-static.css";

/**
 * Serves antd's component rules, generated once per build from our theme
 * (app/shell/theme/antd-static-styles.ts; docs/performance.md, "Styles").
 */
export function antdStaticStylesPlugin(): Plugin {
  let css: string | undefined;
  return {
    name: "nc:antd-static-styles",
    enforce: "pre",
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      // The client and server builds both ask; rendering every component takes seconds, so once.
      css ??= antdStaticStyles();
      return css;
    },
  };
}
