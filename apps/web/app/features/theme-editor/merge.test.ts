import type { ThemeConfig } from "antd";
import { describe, expect, it } from "vitest";
import { activeLayers, layersBelow, mergeOverrides } from "./merge";
import { EMPTY_OVERRIDES, type ThemeOverrides } from "./overrides";

const ALGORITHM = () => ({});
const BASE: ThemeConfig = {
  algorithm: ALGORITHM as unknown as ThemeConfig["algorithm"],
  token: { colorPrimary: "#18a058", colorInfo: "#18a058", borderRadius: 8, fontSize: 14 },
};

const OVERRIDES: ThemeOverrides = {
  shared: { borderRadius: 2, fontSize: 15, colorText: "#111111" },
  light: { fontSize: 16, colorBgLayout: "#fafafa" },
  dark: { fontSize: 17, colorBgLayout: "#000000" },
  mobile: { fontSize: 18 },
};

const merged = (dark: boolean, mobile: boolean, overrides = OVERRIDES) =>
  mergeOverrides(BASE, overrides, activeLayers({ dark, mobile })).token;

describe("activeLayers", () => {
  it("takes shared, then the current mode, then mobile on phones, tablets and narrow windows", () => {
    expect(activeLayers({ dark: false, mobile: false })).toEqual(["shared", "light"]);
    expect(activeLayers({ dark: true, mobile: false })).toEqual(["shared", "dark"]);
    expect(activeLayers({ dark: true, mobile: true })).toEqual(["shared", "dark", "mobile"]);
  });
});

describe("mergeOverrides", () => {
  it("lays base < shared < mode < mobile", () => {
    expect(merged(false, false)).toMatchObject({ fontSize: 16, borderRadius: 2, colorBgLayout: "#fafafa" });
    expect(merged(true, false)).toMatchObject({ fontSize: 17, borderRadius: 2, colorBgLayout: "#000000" });
    expect(merged(false, true)).toMatchObject({ fontSize: 18, colorBgLayout: "#fafafa" });
    expect(merged(true, true)).toMatchObject({ fontSize: 18, colorBgLayout: "#000000" });
  });

  it("keeps base tokens no layer sets, and the algorithm", () => {
    const config = mergeOverrides(BASE, OVERRIDES, ["shared"]);
    expect(config.algorithm).toBe(ALGORITHM);
    expect(config.token).toMatchObject({ colorPrimary: "#18a058", colorText: "#111111", fontSize: 15 });
  });

  it("ignores the other mode's layer", () => {
    const dark = { ...EMPTY_OVERRIDES, dark: { colorPrimary: "#ff0000" } };
    expect(merged(false, false, dark)?.colorPrimary).toBe("#18a058");
    expect(merged(true, false, dark)?.colorPrimary).toBe("#ff0000");
  });

  it("returns the base itself when nothing applies, and never changes its input", () => {
    expect(mergeOverrides(BASE, EMPTY_OVERRIDES, ["shared", "light", "mobile"])).toBe(BASE);
    const onlyMobile = { ...EMPTY_OVERRIDES, mobile: { fontSize: 20 } };
    expect(mergeOverrides(BASE, onlyMobile, ["shared", "light"])).toBe(BASE);
    mergeOverrides(BASE, OVERRIDES, ["shared", "dark", "mobile"]);
    expect(BASE.token).toEqual({
      colorPrimary: "#18a058",
      colorInfo: "#18a058",
      borderRadius: 8,
      fontSize: 14,
    });
  });

  it("lets the info colour follow a new primary unless the info colour is set too", () => {
    const primary = { ...EMPTY_OVERRIDES, shared: { colorPrimary: "#1677ff" } };
    expect(merged(false, false, primary)).toMatchObject({ colorPrimary: "#1677ff", colorInfo: "#1677ff" });
    const both = { ...EMPTY_OVERRIDES, shared: { colorPrimary: "#1677ff" }, light: { colorInfo: "#00ffff" } };
    expect(merged(false, false, both)).toMatchObject({ colorPrimary: "#1677ff", colorInfo: "#00ffff" });
    const ownInfo: ThemeConfig = { token: { colorPrimary: "#18a058", colorInfo: "#0000ff" } };
    expect(mergeOverrides(ownInfo, primary, ["shared"]).token?.colorInfo).toBe("#0000ff");
  });
});

describe("layersBelow", () => {
  it("shows through what lies under the edited layer", () => {
    expect(layersBelow("shared", true)).toEqual({ layers: [], dark: true });
    expect(layersBelow("light", true)).toEqual({ layers: ["shared"], dark: false });
    expect(layersBelow("dark", false)).toEqual({ layers: ["shared"], dark: true });
    expect(layersBelow("mobile", false)).toEqual({ layers: ["shared", "light"], dark: false });
    expect(layersBelow("mobile", true)).toEqual({ layers: ["shared", "dark"], dark: true });
  });
});
