import { describe, expect, it } from "vitest";
import { costOf, countryOf, decimalOf, flag, networkOf, splitMccMnc, subtractDecimal } from "./answer-parts";

describe("answer parts", () => {
  it("flags: true/false in any case or as booleans; anything else cannot tell", () => {
    expect([flag("true"), flag("FALSE"), flag(true), flag("unknown"), flag(""), flag(null)]).toEqual([
      true,
      false,
      true,
      null,
      null,
      null,
    ]);
  });

  it("countries: alpha-2 kept, alpha-3 turned into alpha-2, else the MCC's country", () => {
    expect(countryOf("de", "262")).toBe("DE");
    expect(countryOf("DEU", null)).toBe("DE");
    expect(countryOf("XYZ", "208")).toBe("FR");
    expect(countryOf(null, "234")).toBe("GB");
    expect(countryOf("Germany", null)).toBeNull();
  });

  it("networks: null when nothing is named; MCC and MNC split from Vonage's network code", () => {
    expect(networkOf({ name: " ", mcc: null })).toBeNull();
    expect(networkOf({ name: "O2", ...splitMccMnc("26207") })).toEqual({
      name: "O2",
      mcc: "262",
      mnc: "07",
      country: "DE",
    });
    expect(splitMccMnc("310410")).toEqual({ mcc: "310", mnc: "410" });
    expect(splitMccMnc("GB-FIXED")).toEqual({ mcc: null, mnc: null });
  });

  it("money: plain decimal strings, never floats in exponent form, never negative", () => {
    expect(decimalOf(0.001)).toBe("0.001");
    expect(decimalOf(1e-7)).toBe("0.0000001");
    expect(decimalOf(2)).toBe("2");
    expect(decimalOf(-1)).toBeNull();
    expect(decimalOf("1e-3")).toBeNull();
    expect(costOf("0.0045", "eur")).toEqual({ amount: "0.0045", currency: "EUR" });
    expect(costOf(0.0045, "euro")).toBeNull();
    expect(costOf(undefined, "EUR")).toBeNull();
  });

  it("subtracts decimals exactly", () => {
    expect(subtractDecimal("0.03000000", "0.02500000")).toBe("0.005");
    expect(subtractDecimal("0.1", "0.2")).toBe("0");
    expect(subtractDecimal("1.5", "0")).toBe("1.5");
    expect(subtractDecimal("10", "0.25")).toBe("9.75");
    expect(subtractDecimal("3", "1")).toBe("2");
    expect(subtractDecimal("x", "1")).toBeNull();
  });
});
