import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import routes from "../app/routes";
import { antdComponentsUsed } from "./antd-components-used";
import { sheetKey, sheetPlan } from "./antd-sheets-per-route";
import { antdStylesPerComponent } from "./antd-styles-per-component";

/** `virtual:antd-css/common.css` (root.tsx) or `virtual:antd-css/<module under app>.css`. */
const PREFIX = "virtual:antd-css/";
const COMMON = "common";
// A path-like id ending in .css, so Vite's CSS pipeline (bundling, hashing, the route's <link>) takes it.
const RESOLVED_PREFIX = "/__antd-css/";
/** Where the app's source is: its imports from "antd" decide which components' rules a page links. */
const APP_DIR = fileURLToPath(new URL("../app", import.meta.url));

interface Sheets {
  /** Style sheet text by key: `common`, or a module's path under the app. */
  text: Map<string, string>;
  /** The modules that import a sheet of their own: absolute path → key. */
  keyOf: Map<string, string>;
}

function buildSheets(): Sheets {
  const used = antdComponentsUsed(APP_DIR);
  const { common, byComponent } = antdStylesPerComponent(used);
  const text = new Map([[COMMON, common]]);
  const keyOf = new Map<string, string>();
  for (const [file, names] of sheetPlan(APP_DIR, routes)) {
    const css = names
      .map((name) => byComponent.get(name))
      .filter(Boolean)
      .join("\n");
    if (!css) continue;
    const key = sheetKey(APP_DIR, file);
    text.set(key, css);
    keyOf.set(file, key);
  }
  return { text, keyOf };
}

/**
 * antd's component rules, generated once per build from our theme (app/shell/theme/antd-static-styles.ts),
 * cut per component (antd-styles-per-component.ts) and gathered per route module
 * (antd-sheets-per-route.ts). Each route module imports its own sheet, so the bundler puts it in
 * that route's CSS and React Router links it only on pages of that route (docs/performance.md, "Styles").
 */
export function antdStaticStylesPlugin(): Plugin {
  let sheets: Sheets | undefined;
  // The client and server builds both ask; rendering every component takes seconds, so once.
  // So under `npm run dev` the plan is read at start: a component or route added since then has
  // its rules after the dev server restarts.
  const sheetsOnce = () => {
    sheets ??= buildSheets();
    return sheets;
  };
  return {
    name: "nc:antd-static-styles",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED_PREFIX + id.slice(PREFIX.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const key = id.slice(RESOLVED_PREFIX.length).replace(/\.css$/, "");
      return sheetsOnce().text.get(key) ?? "";
    },
    transform(code, id) {
      const key = sheetsOnce().keyOf.get(id.split("?")[0]!);
      if (key === undefined) return undefined;
      // One line on top (first, so the module's own style sheets come after); the map moves every
      // original line down by one.
      const lines = code.split("\n").length;
      const mappings = `;AAAA${";AACA".repeat(lines - 1)}`;
      return {
        code: `import "${PREFIX}${key}.css";\n${code}`,
        map: { version: 3, sources: [id], names: [], mappings },
      };
    },
  };
}
