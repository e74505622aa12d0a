import {
  antdComponentStyles,
  antdStaticStyles,
  sheetStylePathsRule,
} from "../app/shell/theme/antd-static-styles";
import { withInnerParts } from "./antd-components-used";

/** antd's rules cut into one style sheet per component, plus the rules several need (docs/performance.md, "Styles"). */
export interface AntdStyleSheets {
  /** Rules no single component owns for all that need them, and the rule naming the style paths they answer for: loaded on every page (root.tsx). */
  common: string;
  /** Each component's own rules, loaded with the modules that import it. */
  byComponent: ReadonlyMap<string, string>;
}

/**
 * A style sheet's top-level rules, each with its block (a media query keeps its inner rules).
 * antd's sheets carry no comments; quoted strings may hold braces (`content:"{"`), so quotes are skipped.
 */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = "";
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) {
      rules.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return rules.filter(Boolean);
}

/**
 * Splits the rules of `names` (the components the app uses, with their inner parts) by owner.
 * Rendering a component alone registers its own rules and those of what it renders inside, so a
 * rule can belong to several components. It goes to the one every other owner brings along
 * (`withInnerParts`), since a module importing any owner gets that one's sheet too; a rule with no
 * such owner goes to `common`. The rules keep the order of the whole sheet.
 */
export function antdStylesPerComponent(names: readonly string[]): AntdStyleSheets {
  const ownRules = new Map(names.map((name) => [name, new Set(topLevelRules(antdComponentStyles(name)))]));
  const bringsAlong = new Map(names.map((name) => [name, new Set(withInnerParts([name]))]));
  const sheets = new Map<string, string[]>();
  const common: string[] = [];
  for (const rule of topLevelRules(antdStaticStyles(undefined, names))) {
    const owners = names.filter((name) => ownRules.get(name)!.has(rule));
    const home = owners.find((candidate) => owners.every((owner) => bringsAlong.get(owner)!.has(candidate)));
    if (home === undefined) common.push(rule);
    else if (sheets.has(home)) sheets.get(home)!.push(rule);
    else sheets.set(home, [rule]);
  }
  const commonSheet = common.join("\n");
  return {
    // The common sheet also tells cssinjs which styles it holds that the browser would build anyway.
    common: `${commonSheet}\n${sheetStylePathsRule(commonSheet)}`,
    byComponent: new Map([...sheets].map(([name, rules]) => [name, rules.join("\n")])),
  };
}
