import { describe, expect, it } from "vitest";
import { matchesAny, PrefixSet } from "../prefix";
import { basicResult } from "../test-factory";
import { listCheck } from "./lists";

const basic = basicResult({ e164: "+447911380429" });

describe("listCheck", () => {
  it("does nothing without lists or without a match", () => {
    expect(listCheck(basic)).toEqual({ override: null, signals: [] });
    expect(listCheck(basic, ["+33"], ["+1"])).toEqual({ override: null, signals: [] });
  });
  it("blocks an exact number or a prefix", () => {
    for (const entry of ["+447911380429", "+4479", "0044 7911", "44-7911-380"]) {
      expect(listCheck(basic, [entry]), entry).toEqual({
        override: "block",
        signals: [{ code: "block_listed", weight: 100 }],
      });
    }
  });
  it("allows, and allow wins over block", () => {
    const allowed = { override: "allow", signals: [{ code: "allow_listed", weight: 0 }] };
    expect(listCheck(basic, [], ["+447911380429"])).toEqual(allowed);
    expect(listCheck(basic, ["+44"], ["+447911"])).toEqual(allowed);
  });
  it("ignores malformed entries and a missing number", () => {
    expect(listCheck(basic, ["", "+", "abc", "+44x"])).toEqual({ override: null, signals: [] });
    expect(listCheck(basicResult({ e164: null }), ["+44"], ["+44"])).toEqual({ override: null, signals: [] });
  });
  it("does not match a longer list entry", () => {
    expect(listCheck(basic, ["+4479113804297"]).override).toBeNull();
  });
});

describe("PrefixSet", () => {
  it("matches like the plain list, for numbers and prefixes in any notation", () => {
    const raw = ["+44 7700 900", "0049151", "+1 (202) 555-0100", "not a number"];
    const set = new PrefixSet(raw);
    expect(set.size).toBe(3);
    for (const e164 of ["+447700900123", "+4915112345678", "+12025550100", "+12025550101", "+33612345678"])
      expect(set.matches(e164), e164).toBe(matchesAny(e164, raw));
    expect(set.matches("+447700900123")).toBe(true);
    expect(set.matches("+12025550101")).toBe(false);
    expect(new PrefixSet([]).matches("+447700900123")).toBe(false);
  });
});
