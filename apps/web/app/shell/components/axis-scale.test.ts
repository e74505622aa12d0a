import { describe, expect, it } from "vitest";
import { axisScale, labelEvery } from "./axis-scale";

describe("chart axis", () => {
  it("rounds the top to a readable step", () => {
    expect(axisScale(937)).toEqual({ top: 1_000, values: [0, 250, 500, 750, 1_000] });
    expect(axisScale(80)).toEqual({ top: 80, values: [0, 20, 40, 60, 80] });
    expect(axisScale(3)).toEqual({ top: 3, values: [0, 1, 2, 3] });
    expect(axisScale(0.07)).toEqual({ top: 0.08, values: [0, 0.02, 0.04, 0.06, 0.08] });
    expect(axisScale(12_345_678).top).toBe(15_000_000);
  });

  it("draws an empty chart on a unit axis", () => {
    expect(axisScale(0)).toEqual({ top: 1, values: [0, 1] });
    expect(axisScale(Number.NaN)).toEqual({ top: 1, values: [0, 1] });
  });

  it("thins out day labels so they do not collide", () => {
    expect(labelEvery(7, 700, 56)).toBe(1);
    expect(labelEvery(30, 600, 56)).toBe(3);
    expect(labelEvery(365, 300, 56)).toBe(73);
    expect(labelEvery(1, 10, 56)).toBe(1);
  });
});
