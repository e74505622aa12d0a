import { describe, expect, it } from "vitest";
import type { PortedStatus } from "../../types";
import { hlrResult, mnpResult } from "../test-factory";
import { portedSignals } from "./ported";

const PORTED = [{ code: "ported", weight: 10 }];

describe("portedSignals", () => {
  it("flags an HLR port", () => {
    expect(portedSignals(hlrResult({ ported: true }), null)).toEqual(PORTED);
    expect(portedSignals(hlrResult({ ported: null }), null)).toEqual([]);
    expect(portedSignals(hlrResult({ ported: false }), null)).toEqual([]);
  });
  it.each<[PortedStatus, boolean]>([
    ["ported", true],
    ["assumed_ported", true],
    ["not_ported", false],
    ["assumed_not_ported", false],
    ["unknown", false],
  ])("MNP %s → %s", (ported, flagged) => {
    expect(portedSignals(null, mnpResult({ ported }))).toEqual(flagged ? PORTED : []);
  });
  it("gives one signal when both sources agree, none without sources", () => {
    expect(portedSignals(hlrResult({ ported: true }), mnpResult({ ported: "ported" }))).toEqual(PORTED);
    expect(portedSignals(undefined, undefined)).toEqual([]);
  });
});
