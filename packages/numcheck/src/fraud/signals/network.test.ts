import { describe, expect, it } from "vitest";
import { basicResult, hlrResult, network } from "../test-factory";
import { networkSignals } from "./network";

const gb = basicResult();

describe("networkSignals", () => {
  it("gives nothing without an HLR or for a connected home subscriber", () => {
    expect(networkSignals(gb, null)).toEqual([]);
    expect(networkSignals(gb, undefined)).toEqual([]);
    expect(networkSignals(gb, hlrResult())).toEqual([]);
  });
  it("flags an absent subscriber", () => {
    expect(networkSignals(gb, hlrResult({ connectivity: "absent" }))).toEqual([
      { code: "subscriber_absent", weight: 20 },
    ]);
  });
  it("flags a number the network does not know", () => {
    expect(networkSignals(gb, hlrResult({ connectivity: "invalid_msisdn" }))).toEqual([
      { code: "hlr_invalid_number", weight: 60 },
    ]);
  });
  it("flags roaming abroad, not roaming at home", () => {
    const abroad = hlrResult({ roaming: { roaming: true, network: null, country: "FR" } });
    const home = hlrResult({ roaming: { roaming: true, network: null, country: "gb" } });
    const viaNetwork = hlrResult({
      roaming: { roaming: true, network: network("Orange", "FR"), country: null },
    });
    const unknownCountry = hlrResult({ roaming: { roaming: true, network: null, country: null } });
    expect(networkSignals(gb, abroad)).toEqual([{ code: "roaming_abroad", weight: 15 }]);
    expect(networkSignals(gb, home)).toEqual([]);
    expect(networkSignals(gb, viaNetwork)).toEqual([{ code: "roaming_abroad", weight: 15 }]);
    expect(networkSignals(gb, unknownCountry)).toEqual([{ code: "roaming_abroad", weight: 15 }]);
    expect(
      networkSignals(gb, hlrResult({ roaming: { roaming: null, network: null, country: "FR" } })),
    ).toEqual([]);
  });
});
