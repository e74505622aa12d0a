import { describe, expect, it } from "vitest";
import { readOverridesFile } from "./import-export";
import { EMPTY_OVERRIDES, isEmptyOverrides, parseOverrides, validateOverrides, withToken } from "./overrides";

describe("import validation", () => {
  it("accepts an export: every layer an object of token values", () => {
    const exported = {
      shared: { borderRadius: 4 },
      light: { colorPrimary: "#1677ff", colorBgLayout: "#f5f5f5" },
      dark: { colorPrimary: "#4096ff" },
      mobile: { fontSize: 16, controlHeight: 40 },
    };
    expect(parseOverrides(JSON.stringify(exported))).toEqual(exported);
  });

  it("fills the layers a file leaves out, and tokens the editor does not list are kept", () => {
    expect(parseOverrides("{}")).toEqual(EMPTY_OVERRIDES);
    expect(parseOverrides('{"dark":{"colorLink":"#00f","lineWidth":2}}')).toEqual({
      ...EMPTY_OVERRIDES,
      dark: { colorLink: "#00f", lineWidth: 2 },
    });
  });

  it.each([
    ["not JSON at all", "this is not json"],
    ["truncated JSON", '{"light": {"colorPrimary": "#fff"'],
    ["an empty file", ""],
    ["null", "null"],
    ["a number", "42"],
    ["a string", '"light"'],
    ["an array", '[{"colorPrimary":"#fff"}]'],
    ["an unknown layer", '{"sepia":{"colorPrimary":"#fff"}}'],
    ["a layer that is not an object", '{"light":"#fff"}'],
    ["a layer that is an array", '{"light":["#fff"]}'],
    ["a token value that is an object", '{"light":{"colorPrimary":{"r":1}}}'],
    ["a token value that is a boolean", '{"light":{"wireframe":true}}'],
    ["a token value that is null", '{"light":{"fontSize":null}}'],
    ["a colour given as a number", '{"light":{"colorPrimary":255}}'],
    ["a size given as text", '{"mobile":{"fontSize":"16px"}}'],
    ["a token name that is not an identifier", '{"shared":{"color-primary":"#fff"}}'],
    ["a prototype key", '{"shared":{"__proto__":"#fff"}}'],
    ["an overlong value", JSON.stringify({ shared: { colorPrimary: "x".repeat(201) } })],
  ])("refuses %s", (_what, text) => {
    expect(parseOverrides(text)).toBeNull();
  });

  it("refuses values that are not plain data", () => {
    expect(validateOverrides(undefined)).toBeNull();
    expect(validateOverrides({ light: { fontSize: Number.NaN } })).toBeNull();
    expect(validateOverrides({ light: { fontSize: Number.POSITIVE_INFINITY } })).toBeNull();
  });

  it("reads an imported file, answering null for one that is not valid", async () => {
    const good = new Blob([JSON.stringify({ light: { colorPrimary: "#123456" } })]);
    expect(await readOverridesFile(good)).toEqual({ ...EMPTY_OVERRIDES, light: { colorPrimary: "#123456" } });
    expect(await readOverridesFile(new Blob(["{oops"]))).toBeNull();
  });
});

describe("withToken", () => {
  it("sets and removes one token of one layer without touching the input", () => {
    const one = withToken(EMPTY_OVERRIDES, "dark", "colorPrimary", "#ff0000");
    expect(one).toEqual({ ...EMPTY_OVERRIDES, dark: { colorPrimary: "#ff0000" } });
    expect(isEmptyOverrides(EMPTY_OVERRIDES)).toBe(true);
    expect(isEmptyOverrides(one)).toBe(false);
    expect(withToken(one, "dark", "colorPrimary", undefined)).toEqual(EMPTY_OVERRIDES);
    expect(one.dark).toEqual({ colorPrimary: "#ff0000" });
  });
});
