import { describe, expect, it } from "vitest";
import type { LineType } from "../../types";
import { basicResult } from "../test-factory";
import { lineTypeSignals } from "./line-type";

describe("lineTypeSignals", () => {
  it.each<[LineType, string, number]>([
    ["premium_rate", "premium_rate_line", 50],
    ["shared_cost", "shared_cost_line", 30],
    ["voip", "voip_line", 25],
    ["uan", "uan_line", 20],
    ["pager", "pager_line", 15],
    ["personal", "personal_line", 15],
  ])("%s → %s (%i)", (lineType, code, weight) => {
    expect(lineTypeSignals(basicResult({ lineType }))).toEqual([{ code, weight }]);
  });

  it.each<LineType>(["mobile", "fixed_line", "fixed_line_or_mobile", "toll_free", "voicemail", "unknown"])(
    "%s gives nothing",
    (lineType) => {
      expect(lineTypeSignals(basicResult({ lineType }))).toEqual([]);
    },
  );

  it("ignores an unknown future line type and inherited keys", () => {
    expect(lineTypeSignals(basicResult({ lineType: "satellite" as LineType }))).toEqual([]);
    expect(lineTypeSignals(basicResult({ lineType: "toString" as LineType }))).toEqual([]);
  });
});
