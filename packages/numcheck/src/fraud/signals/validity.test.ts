import { describe, expect, it } from "vitest";
import { basicResult } from "../test-factory";
import { validitySignals } from "./validity";

describe("validitySignals", () => {
  it("gives nothing for a valid number", () => {
    expect(validitySignals(basicResult())).toEqual([]);
  });
  it("flags input that is not a number", () => {
    expect(validitySignals(basicResult({ e164: null, valid: false }))).toEqual([
      { code: "not_a_number", weight: 80 },
    ]);
  });
  it("flags a number outside the allocated ranges", () => {
    expect(validitySignals(basicResult({ valid: false }))).toEqual([
      { code: "unallocated_number", weight: 60 },
    ]);
  });
  it("flags a number the plan cannot confirm", () => {
    expect(validitySignals(basicResult({ valid: null }))).toEqual([
      { code: "unverified_number", weight: 20 },
    ]);
  });
});
