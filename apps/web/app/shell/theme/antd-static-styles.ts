import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import type { ThemeConfig } from "antd";
import * as antdModule from "antd";
import { type ComponentType, createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { STATIC_STYLES_THEME } from "./static-styles";
import { themeConfig } from "./tokens";

/**
 * antd's component styles as one static style sheet, written at build time
 * (docs/performance.md, "Styles"). In antd's CSS-variable mode a component's rules read every
 * colour, size and font from CSS variables, so they are the same for light and dark and for every
 * partner's brand; only the variables differ, and the renderer writes those into the page
 * (entry.server.tsx). The pages run antd with `zeroRuntime`, so neither the server nor the browser
 * generates these rules again. What is not a variable, the breakpoints of media queries, comes
 * from our tokens (tokens.ts), which is why antd's own prebuilt antd.css (its default breakpoints)
 * is not used.
 */

type Antd = typeof antdModule;
type AnyComponent = ComponentType<Record<string, unknown>>;

// Node loads antd as CommonJS; its namespace may only carry the exports under `default`.
const antd: Antd = (antdModule as unknown as { default?: Antd }).default ?? antdModule;

const CACHE_PATH_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}/;

/**
 * Style paths cssinjs registers in the browser even under `zeroRuntime`: ConfigProvider's icon
 * reset (antd's `useResetIconStyle`, with the spinning icon's keyframes), path "" + "ant-design-icons"
 * + the icon class. Its rules are in the common sheet (every component's rendering registers them).
 */
const SHEET_STYLE_PATHS = [
  { path: "|ant-design-icons|anticon", rules: [".anticon{", "@keyframes loadingCircle"] },
];

/**
 * The rule by which cssinjs learns, in the browser, which style paths a style sheet file already
 * holds: it reads the `content` of `.data-ant-cssinjs-cache-path` once and neither builds nor
 * injects those styles again (docs/performance.md, "antd's work at hydration"). Without it the
 * icon reset was generated and added as a second copy while every page hydrated. Throws when
 * `sheet` lacks a path's rules, so a change in antd fails the build rather than the icons.
 */
export function sheetStylePathsRule(sheet: string): string {
  for (const { path, rules } of SHEET_STYLE_PATHS) {
    const missing = rules.find((rule) => !sheet.includes(rule));
    if (missing) throw new Error(`antd's static sheet lacks "${missing}", which style path ${path} needs`);
  }
  return `.data-ant-cssinjs-cache-path{content:"${SHEET_STYLE_PATHS.map(({ path }) => `${path}:file`).join(";")}"}`;
}

/** Not components, or components without styles of their own. */
const SKIP = new Set(["ConfigProvider", "Grid", "theme", "version", "unstableSetRender"]);

/** Renders a component's popup panel (tooltip, drop-down, picker): antd keeps its styles in the same hook. */
const INTERNAL_PANEL = "_InternalPanelDoNotUseOrYouWillBeFired";

/** Components whose parts only render with content, each written out so every part's rules are registered. */
function special(name: string): ReactNode | undefined {
  const { Button, Input, Layout, Space, Tag, Badge, Typography, Card, Checkbox, Radio } = antd;
  switch (name) {
    case "Affix":
      return h(antd.Affix, null, h("div"));
    case "Dropdown":
      return h(antd.Dropdown, { menu: { items: [] } }, h("div"));
    case "Menu":
      return h(antd.Menu, { items: [{ key: "a", label: "a", children: [{ key: "b", label: "b" }] }] });
    case "QRCode":
      return h(antd.QRCode, { value: "https://example.com" });
    case "Tree":
      return h(antd.Tree, { treeData: [] });
    case "Tag":
      return [
        h(Tag, { key: 1, color: "blue" }, "a"),
        h(Tag, { key: 2, color: "success" }, "b"),
        h(Tag.CheckableTag, { key: 3, checked: true }, "c"),
      ];
    case "Modal":
      return [h(antd.Modal, { key: 1 }), h(antd.Modal[INTERNAL_PANEL], { key: 2, type: "confirm" })];
    case "Badge":
      return [h(Badge, { key: 1 }), h(Badge.Ribbon, { key: 2 })];
    case "Space":
      return [h(Space, { key: 1 }), h(Space.Compact, { key: 2 }, h(Button), h(Space.Addon, null, "1"))];
    case "Input":
      return [
        h(Input, { key: 1 }),
        h(Input.Search, { key: 2 }),
        h(Input.TextArea, { key: 3 }),
        h(Input.Password, { key: 4 }),
        h(Input.OTP, { key: 5 }),
      ];
    case "Layout":
      return h(
        Layout,
        null,
        h(Layout.Header, null, "a"),
        h(Layout.Sider, null, "b"),
        h(Layout.Content, null, "c"),
        h(Layout.Footer, null, "d"),
      );
    case "Typography":
      return h(
        Typography,
        null,
        h(Typography.Title, null, "a"),
        h(Typography.Text, { copyable: true }, "b"),
        h(Typography.Paragraph, { ellipsis: true }, "c"),
        h(Typography.Link, null, "d"),
      );
    case "Card":
      return h(Card, { title: "a" }, h(Card.Meta, { title: "b" }), h(Card.Grid));
    case "Checkbox":
      return h(Checkbox.Group, { options: ["a"] });
    case "Radio":
      return h(Radio.Group, { options: ["a"], optionType: "button" });
    case "BackTop":
      return h(antd.FloatButton.BackTop);
    case "Cascader":
      return [h(antd.Cascader, { key: 1 }), h(antd.Cascader.Panel, { key: 2 })];
    default:
      return undefined;
  }
}

function nodesOf(name: string): ReactNode[] {
  const exported = (antd as unknown as Record<string, unknown>)[name];
  const nodes: ReactNode[] = [];
  const own = special(name);
  if (own !== undefined) nodes.push(own);
  else if (name[0] === name[0]!.toUpperCase()) nodes.push(h(exported as AnyComponent));
  const panel = (exported as Record<string, unknown> | undefined)?.[INTERNAL_PANEL];
  if (panel) nodes.push(h(panel as AnyComponent));
  return nodes;
}

/** The theme the rules are generated under: ours, unhashed (one antd on the page). */
function sheetTheme(base: ThemeConfig): ThemeConfig {
  return { ...base, hashed: STATIC_STYLES_THEME.hashed };
}

/** Renders one component (and its popup panel) so its style hooks register their rules in `cache`. */
function registerRules(cache: ReturnType<typeof createCache>, theme: ThemeConfig, name: string): void {
  for (const node of nodesOf(name)) {
    try {
      renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, node)));
    } catch {
      // Rendered for its styles only; a style hook runs before anything that could throw here.
    }
  }
}

/** The rules registered in `cache`, as one style sheet (no CSS variables: those are per page). */
function rulesOf(cache: ReturnType<typeof createCache>): string {
  // The trailing rule maps style paths for cssinjs's hydration; with zeroRuntime nothing reads it.
  return extractStyle(cache, { plain: true, types: "style" }).replace(CACHE_PATH_RULE, "");
}

/**
 * Every component antd exports (or those named), with its popup panel, rendered once under our
 * theme; what their style hooks registered comes back as one style sheet. A component that cannot
 * render without props it was not given is skipped, not fatal.
 */
export function antdStaticStyles(base: ThemeConfig = themeConfig(false), only?: readonly string[]): string {
  const cache = createCache();
  const theme = sheetTheme(base);
  const names = (only ?? Object.keys(antd)).filter((name) => !SKIP.has(name));
  for (const name of names) registerRules(cache, theme, name);
  return rulesOf(cache);
}

/** One component's rules on their own: what rendering it alone registers, its inner parts' included. */
export function antdComponentStyles(name: string, base: ThemeConfig = themeConfig(false)): string {
  if (SKIP.has(name)) return "";
  const cache = createCache();
  registerRules(cache, sheetTheme(base), name);
  return rulesOf(cache);
}
