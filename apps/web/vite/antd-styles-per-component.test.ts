import { describe, expect, it } from "vitest";
import { antdComponentStyles, antdStaticStyles } from "../app/shell/theme/antd-static-styles";
import { withInnerParts } from "./antd-components-used";
import { antdStylesPerComponent, topLevelRules } from "./antd-styles-per-component";

describe("antd's rules cut per component", () => {
  it("reads a sheet's top-level rules, a media query whole, a quoted brace as text", () => {
    const css = `.a{color:red}@media (min-width: 640px){.b{margin:0}.c{padding:0}}.d::before{content:"{"}.e{content:'\\'}'}`;
    expect(topLevelRules(css)).toEqual([
      ".a{color:red}",
      "@media (min-width: 640px){.b{margin:0}.c{padding:0}}",
      '.d::before{content:"{"}',
      ".e{content:'\\'}'}",
    ]);
  });

  it("puts every rule of the whole sheet in exactly one sheet, shared ones with the part all owners bring", {
    timeout: 120_000,
  }, () => {
    const names = withInnerParts(["Modal", "Table", "Form"]);
    const whole = topLevelRules(antdStaticStyles(undefined, names));
    const { common, byComponent } = antdStylesPerComponent(names);
    const cut = [common, ...byComponent.values()].flatMap(topLevelRules);
    // The common sheet ends with the rule naming the style paths it answers for, and holds their rules.
    const pathsRule = topLevelRules(common).at(-1)!;
    expect(pathsRule).toMatch(
      /^\.data-ant-cssinjs-cache-path\{content:"\|ant-design-icons\|anticon:file"\}$/,
    );
    expect(common).toContain(".anticon{display:inline-flex");
    expect(cut.filter((rule) => rule !== pathsRule).toSorted()).toEqual(whole.toSorted());
    // A modal renders buttons: the button's rules are the button's, which every modal brings along.
    const buttonRule = topLevelRules(antdComponentStyles("Button")).find((rule) =>
      rule.startsWith(".ant-btn"),
    );
    expect(topLevelRules(antdComponentStyles("Modal"))).toContain(buttonRule);
    expect(topLevelRules(byComponent.get("Button")!)).toContain(buttonRule);
    expect(byComponent.get("Modal")).not.toContain(buttonRule);
    // A table's own rules are in its sheet alone.
    expect(byComponent.get("Table")).toContain(".ant-table");
    expect(common).not.toContain(".ant-table-");
  });
});
