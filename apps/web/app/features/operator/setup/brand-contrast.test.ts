import { describe, expect, it } from "vitest";
import { AA_TEXT, contrastRatio } from "../../../shell/theme/contrast";
import { brandContrast, SURFACES } from "./brand-contrast";

describe("brandContrast", () => {
  it("says a pale yellow misses 4.5:1 on white and gives a darker shade that reaches it", () => {
    const { light } = brandContrast("#ffcc00");
    expect(light.passes).toBe(false);
    expect(light.ratio).toBeLessThan(AA_TEXT);
    expect(light.shade).not.toBe("#ffcc00");
    expect(contrastRatio(light.shade, SURFACES.light)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it("says a navy passes on white but not on dark, where the shade is lighter and readable", () => {
    const { light, dark } = brandContrast("#1f3a93");
    expect(light.passes).toBe(true);
    expect(dark.passes).toBe(false);
    expect(contrastRatio(dark.shade, SURFACES.dark)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(dark.shade, SURFACES.dark)).toBeGreaterThan(dark.ratio);
  });
});
