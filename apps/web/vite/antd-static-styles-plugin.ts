import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { antdStaticStyles } from "../app/shell/theme/antd-static-styles";
import { antdComponentsUsed } from "./antd-components-used";

/** What root.tsx imports; the build turns it into a hashed, long-cached style sheet. */
const ID = "virtual:antd-static.css";
// A path-like id ending in .css, so Vite's CSS pipeline (bundling, hashing, the route's <link>) takes it.
const RESOLVED = "/__antd-static.css";
/** Where the app's source is: its imports from "antd" decide which components the sheet holds. */
const APP_DIR = fileURLToPath(new URL("../app", import.meta.url));

/**
 * Serves antd's component rules for the components the app uses (antd-components-used.ts),
 * generated once per build from our theme (app/shell/theme/antd-static-styles.ts;
 * docs/performance.md, "Styles").
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
      // So under `npm run dev` the list is read at start: a component imported for the first time
      // since then has its rules after the dev server restarts.
      css ??= antdStaticStyles(undefined, antdComponentsUsed(APP_DIR));
      return css;
    },
  };
}
