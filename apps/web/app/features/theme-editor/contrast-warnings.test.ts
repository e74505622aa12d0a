import { describe, expect, it } from "vitest";
import { contrastWarnings } from "./contrast-warnings";
import { EMPTY_OVERRIDES, type ThemeOverrides } from "./overrides";

const withLayer = (layer: keyof ThemeOverrides, tokens: Record<string, string>): ThemeOverrides => ({
  ...EMPTY_OVERRIDES,
  [layer]: tokens,
});

describe("theme editor contrast warnings", () => {
  it("warns about a pale brand colour and names the readable shade used instead", () => {
    const warnings = contrastWarnings(withLayer("light", { colorPrimary: "#ffd700" }), "light", false);
    expect(warnings.colorPrimary?.ratio).toBeCloseTo(1.4, 1);
    expect(warnings.colorPrimary?.shade?.ratio).toBeGreaterThanOrEqual(4.5);
    expect(warnings.colorPrimary?.shade?.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("judges a dark layer against the dark background", () => {
    const warnings = contrastWarnings(withLayer("dark", { colorPrimary: "#1a237e" }), "dark", false);
    expect(warnings.colorPrimary?.ratio).toBeLessThan(2);
    expect(warnings.colorPrimary?.shade?.ratio).toBeGreaterThanOrEqual(4.5);
    // The same navy reads on white: no warning in light mode.
    expect(contrastWarnings(withLayer("light", { colorPrimary: "#1a237e" }), "light", false)).toEqual({});
  });

  it("warns about a text colour it cannot replace, without a shade", () => {
    const warnings = contrastWarnings(withLayer("shared", { colorText: "#bbbbbb" }), "shared", false);
    expect(warnings.colorText?.ratio).toBeCloseTo(1.92, 2);
    expect(warnings.colorText?.shade).toBeUndefined();
  });

  it("says nothing about colours that read, or about what is not set", () => {
    expect(contrastWarnings(withLayer("light", { colorPrimary: "#0b6e3a" }), "light", false)).toEqual({});
    expect(contrastWarnings(EMPTY_OVERRIDES, "light", false)).toEqual({});
  });
});
