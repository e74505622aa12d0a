import { describe, expect, it } from "vitest";
import { velocitySignals } from "./velocity";

describe("velocitySignals", () => {
  it.each([undefined, null, 0, 1, 4, -3, Number.NaN, Number.POSITIVE_INFINITY])(
    "gives nothing for %s",
    (n) => {
      expect(velocitySignals(n)).toEqual([]);
    },
  );
  it.each([
    [5, "velocity_elevated", 15],
    [19, "velocity_elevated", 15],
    [20, "velocity_high", 30],
    [99, "velocity_high", 30],
    [100, "velocity_extreme", 50],
    [5000, "velocity_extreme", 50],
  ])("%i checks → %s", (n, code, weight) => {
    expect(velocitySignals(n)).toEqual([{ code, weight }]);
  });
});
