import { describe, expect, it } from "vitest";
import { basicResult, hlrResult, mnpResult, network } from "../test-factory";
import { VIRTUAL_PREFIXES } from "../virtual-prefixes";
import { virtualSignals } from "./virtual";

describe("virtualSignals", () => {
  it("flags a known virtual range", () => {
    for (const e164 of ["+445612345678", "+447012345678", "+31851234567", "+4932123456789", "+33912345678"]) {
      expect(virtualSignals(basicResult({ e164 }), hlrResult(), null), e164).toEqual([
        { code: "virtual_range", weight: 20 },
      ]);
    }
  });
  it("flags an operator that mainly sells virtual numbers", () => {
    const basic = basicResult({ e164: "+12025550123" });
    expect(virtualSignals(basic, hlrResult({ currentNetwork: network("Twilio Inc. - SVR") }), null)).toEqual([
      { code: "virtual_network", weight: 20 },
    ]);
    expect(
      virtualSignals(basic, null, mnpResult({ currentNetwork: network("BANDWIDTH.COM - SVR") })),
    ).toEqual([{ code: "virtual_network", weight: 20 }]);
    expect(virtualSignals(basic, hlrResult({ currentNetwork: network("Verizon Wireless") }), null)).toEqual(
      [],
    );
    expect(virtualSignals(basic, hlrResult({ currentNetwork: network(null) }), null)).toEqual([]);
  });
  it("gives nothing for an ordinary mobile number", () => {
    expect(virtualSignals(basicResult(), hlrResult(), mnpResult())).toEqual([]);
    expect(virtualSignals(basicResult({ e164: null }), hlrResult(), null)).toEqual([]);
  });
  it("keeps the list well formed", () => {
    for (const entry of VIRTUAL_PREFIXES) expect(entry.prefix).toMatch(/^\+\d{2,8}$/);
  });
});
