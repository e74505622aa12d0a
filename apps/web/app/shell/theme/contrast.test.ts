import { describe, expect, it } from "vitest";
import { contrastRatio, luminance, mix, parseColor, readableShade } from "./contrast";

describe("contrast", () => {
  it("measures the ratios WCAG gives for known pairs", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // The colours the accessibility audit measured (docs/accessibility.md).
    expect(contrastRatio("#18a058", "#ffffff")).toBeCloseTo(3.38, 2);
    expect(contrastRatio("#8c8c8c", "#ffffff")).toBeCloseTo(3.36, 2);
    expect(contrastRatio("#18a058", "#d3e0d7")).toBeCloseTo(2.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });

  it("reads #rgb, #rrggbb, #rrggbbaa and rgb()", () => {
    expect(parseColor("#fa0")).toEqual([255, 170, 0]);
    expect(parseColor("#18A058")).toEqual([24, 160, 88]);
    expect(parseColor("#18a058cc")).toEqual([24, 160, 88]);
    expect(parseColor("rgba(24, 160, 88, 0.5)")).toEqual([24, 160, 88]);
    expect(parseColor("green")).toBeNull();
    expect(luminance("#ffffff")).toBe(1);
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
  });

  it("keeps a colour that already reads", () => {
    expect(readableShade("#0B6E3A", ["#ffffff"])).toBe("#0b6e3a");
    expect(readableShade("#ffd700", ["#141414"])).toBe("#ffd700");
  });

  it("darkens the brand green for light surfaces, to the nearest shade that reaches 4.5:1", () => {
    const shade = readableShade("#18a058", ["#ffffff", "#f5f5f5"]);
    expect(contrastRatio(shade, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, "#f5f5f5")).toBeGreaterThanOrEqual(4.5);
    // The nearest: hardly past the threshold, and still green.
    expect(contrastRatio(shade, "#f5f5f5")).toBeLessThan(4.6);
    const [r, g, b] = parseColor(shade)!;
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });

  it("lightens a dark brand colour for dark surfaces", () => {
    const shade = readableShade("#1a237e", ["#141414", "#000000", "#1f1f1f"]);
    expect(contrastRatio(shade, "#1f1f1f")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, "#1f1f1f")).toBeLessThan(4.7);
    expect(luminance(shade)).toBeGreaterThan(luminance("#1a237e"));
  });

  it("darkens a pale brand colour (yellow) until white text and white backgrounds read", () => {
    expect(contrastRatio("#ffd700", "#ffffff")).toBeLessThan(1.5);
    const shade = readableShade("#ffd700", ["#ffffff"]);
    expect(contrastRatio(shade, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, "#ffffff")).toBeLessThan(4.6);
  });

  it("falls back to black or white when no shade of the hue reaches the ratio", () => {
    expect(readableShade("#18a058", ["#ffffff", "#000000"], 7)).toBe("#000000");
    expect(readableShade("#18a058", ["#000000", "#333333"], 15)).toBe("#ffffff");
  });
});
