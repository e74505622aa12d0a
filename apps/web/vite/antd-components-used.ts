import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The antd components the pages can show, so the build's static style sheet carries their rules
 * and no others (docs/performance.md, "Styles"): antd's full set is ~930 KB of CSS, which the
 * browser parses and matches before the first paint of every page.
 *
 * The list is what the app's source imports from "antd", plus the parts those components render
 * inside themselves (a table's pagination and empty state, a form's grid, the messages of
 * `App.useApp()`), which the app never imports by name.
 */
const INNER_PARTS: Readonly<Record<string, readonly string[]>> = {
  App: ["message", "notification", "Modal"],
  Form: ["Row", "Col", "Tooltip"],
  Table: ["Pagination", "Checkbox", "Radio", "Dropdown", "Spin", "Empty", "Tooltip", "Select", "Input"],
  Select: ["Empty", "Spin"],
  Pagination: ["Select", "Input"],
  Popconfirm: ["Popover", "Button"],
  Modal: ["Button"],
  Drawer: ["Button"],
  DatePicker: ["Button", "Input"],
  Transfer: ["Checkbox", "Input", "Button", "Empty", "Dropdown", "Pagination"],
  Upload: ["Progress", "Tooltip", "Button"],
  FloatButton: ["Tooltip", "Badge"],
  ColorPicker: ["Popover", "Slider", "Input", "InputNumber", "Select", "Segmented"],
  Descriptions: ["Row", "Col"],
  List: ["Spin", "Empty", "Pagination", "Row", "Col"],
  Dropdown: ["Menu", "Button"],
  Typography: ["Tooltip", "Input"],
  Input: ["Button"],
  Space: ["Button"],
  // Overflowing tabs collapse into a drop-down menu.
  Tabs: ["Dropdown", "Menu"],
  // A collapsed menu shows its items' titles as tooltips.
  Menu: ["Tooltip"],
  // Shown while `loading`.
  Card: ["Skeleton"],
  // Its handles' values.
  Slider: ["Tooltip"],
  // Pinned while the page scrolls (its default).
  Anchor: ["Affix"],
};

/** Names imported from "antd" in one source text (`import { Button, type TableProps } from "antd"`). */
export function antdImportsOf(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']antd["']/g)) {
    if (match[0].startsWith("import type")) continue;
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name && !name.startsWith("type ")) names.push(name);
    }
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return isAppSource(entry.name) ? [path] : [];
  });
}

/** The components a use of `names` shows: themselves and the parts they render inside, sorted. */
export function withInnerParts(names: Iterable<string>): string[] {
  const used = new Set<string>();
  const add = (name: string) => {
    if (used.has(name)) return;
    used.add(name);
    for (const part of INNER_PARTS[name] ?? []) add(part);
  };
  for (const name of names) add(name);
  return [...used].sort();
}

/** The app's source files: the modules whose antd imports decide which rules a page loads. */
function isAppSource(path: string): boolean {
  return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path);
}

/** The components (and inner parts) of antd that the app under `appDir` uses, sorted. */
export function antdComponentsUsed(appDir: string): string[] {
  return withInnerParts(sourceFiles(appDir).flatMap((file) => antdImportsOf(readFileSync(file, "utf8"))));
}
