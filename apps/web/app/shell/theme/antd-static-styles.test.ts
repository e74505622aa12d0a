import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { antdStaticStyles, sheetStylePathsRule } from "./antd-static-styles";
import { BREAKPOINTS, PRIMARY_COLOR, themeConfig } from "./tokens";

const SAMPLE = ["Button", "Menu", "Select", "Table", "Modal", "Tag", "Alert", "Input", "Layout"];

/** The class names a style sheet gives rules to (".ant-btn-primary", ...). */
const classesOf = (css: string) => new Set(css.match(/\.ant-[\w-]+/g));

describe("antd's static style sheet", () => {
  it("is the same in light and dark mode and for any brand colour: those reach it as CSS variables", {
    timeout: 120_000,
  }, () => {
    const light = antdStaticStyles(themeConfig(false), SAMPLE);
    expect(light.length).toBeGreaterThan(50_000);
    expect(antdStaticStyles(themeConfig(true), SAMPLE)).toBe(light);
    const otherBrand = themeConfig(false);
    otherBrand.token = { ...otherBrand.token, colorPrimary: "#7b2ff7", colorInfo: "#7b2ff7" };
    expect(antdStaticStyles(otherBrand, SAMPLE)).toBe(light);
    expect(light).toContain("var(--ant-color-primary)");
    expect(light.toLowerCase()).not.toContain(PRIMARY_COLOR);
  });

  it("writes no hash classes and no cssinjs bookkeeping (the pages run antd unhashed, zeroRuntime)", {
    timeout: 60_000,
  }, () => {
    const css = antdStaticStyles(themeConfig(false), ["Button"]);
    expect(css).not.toMatch(/\.css-[\w-]+/);
    expect(css).not.toContain("data-ant-cssinjs-cache-path");
  });

  it("styles every component class antd's own complete style sheet does, at our breakpoints", {
    timeout: 180_000,
  }, () => {
    const css = antdStaticStyles();
    const ours = classesOf(css);
    // antd's prebuilt sheet for zeroRuntime: the reference of what exists (its breakpoints are antd's own).
    const antdCss = readFileSync(createRequire(import.meta.url).resolve("antd/dist/antd.css"), "utf8");
    // Its extra "-css-var" classes only hold default variables, which the pages write themselves.
    const missing = [...classesOf(antdCss)].filter((cls) => !ours.has(cls) && !cls.endsWith("-css-var"));
    // List is deprecated in antd 6 (Listy replaces it) and unused here.
    expect(missing.filter((cls) => !cls.startsWith(".ant-list"))).toEqual([]);
    // Media queries use our breakpoints (tokens.ts), not antd's 576/768/992.
    expect(css).toContain(`(min-width: ${BREAKPOINTS.m}px)`);
    expect(css).not.toContain("(min-width: 768px)");
  });

  it("names the icon reset's style path for the browser, and refuses a sheet without its rules", {
    timeout: 60_000,
  }, () => {
    const css = antdStaticStyles(themeConfig(false), ["Button"]);
    expect(sheetStylePathsRule(css)).toBe(
      '.data-ant-cssinjs-cache-path{content:"|ant-design-icons|anticon:file"}',
    );
    expect(() => sheetStylePathsRule(css.replace(/@keyframes loadingCircle/g, ""))).toThrow(/loadingCircle/);
  });
});
