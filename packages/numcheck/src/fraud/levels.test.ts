import { describe, expect, it } from "vitest";
import { levelFor, recommendationFor } from "./levels";

describe("levels and recommendations", () => {
  it.each([
    [0, "very_low"],
    [19, "very_low"],
    [20, "low"],
    [39, "low"],
    [40, "medium"],
    [59, "medium"],
    [60, "high"],
    [79, "high"],
    [80, "very_high"],
    [100, "very_high"],
  ])("score %i is %s", (score, level) => {
    expect(levelFor(score)).toBe(level);
  });

  it.each([
    [0, "allow"],
    [39, "allow"],
    [40, "flag"],
    [69, "flag"],
    [70, "block"],
    [100, "block"],
  ])("score %i → %s", (score, recommendation) => {
    expect(recommendationFor(score)).toBe(recommendation);
  });
});
