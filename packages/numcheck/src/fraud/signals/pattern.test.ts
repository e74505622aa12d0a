import { describe, expect, it } from "vitest";
import { basicResult } from "../test-factory";
import { hasRepeatedBlock, longestRun, longestSequence, patternSignals } from "./pattern";

const codes = (e164: string) => patternSignals(basicResult({ e164 })).map((s) => s.code);

describe("pattern helpers", () => {
  it("measures runs and sequences", () => {
    expect(longestRun("")).toBe(0);
    expect(longestRun("7911777777")).toBe(6);
    expect(longestSequence("")).toBe(0);
    expect(longestSequence("7")).toBe(1);
    expect(longestSequence("7912345678")).toBe(8);
    expect(longestSequence("7998765432")).toBe(8);
    expect(longestSequence("7913579135")).toBe(1);
  });
  it("finds repeated blocks but not single-digit runs", () => {
    expect(hasRepeatedBlock("7912121212")).toBe(true);
    expect(hasRepeatedBlock("7900123123")).toBe(true);
    expect(hasRepeatedBlock("7945674567")).toBe(true);
    expect(hasRepeatedBlock("7911111111")).toBe(false);
    expect(hasRepeatedBlock("7912341235")).toBe(false);
  });
});

describe("patternSignals", () => {
  it("gives nothing for an ordinary number or no number", () => {
    expect(codes("+447911380429")).toEqual([]);
    expect(patternSignals(basicResult({ e164: null }))).toEqual([]);
  });
  it("flags a long run of one digit", () => {
    expect(patternSignals(basicResult({ e164: "+447911777777" }))).toEqual([
      { code: "repeated_digits", weight: 20 },
    ]);
  });
  it("flags ascending and descending sequences", () => {
    expect(codes("+447123456789")).toEqual(["sequential_digits"]);
    expect(codes("+447987654321")).toEqual(["sequential_digits"]);
  });
  it("flags repeated blocks", () => {
    expect(codes("+447912121212")).toEqual(["repeated_block"]);
    expect(codes("+447400123123")).toEqual(["repeated_block"]);
  });
  it("looks after the country code only", () => {
    // "44" + "4444" would be a run of 6 with the country code.
    expect(codes("+447444490123")).toEqual([]);
  });
  it("can give several pattern signals", () => {
    expect(codes("+441234567777777").sort()).toEqual(["repeated_digits", "sequential_digits"]);
  });
});
