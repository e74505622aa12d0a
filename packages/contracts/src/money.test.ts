import { afterEach, describe, expect, it, vi } from "vitest";
import {
  formatMoney,
  microsToDecimal,
  observeFormattedMoney,
  parseAmountToMicros,
  reuseFormattedMoney,
} from "./money";

afterEach(() => {
  vi.restoreAllMocks();
  observeFormattedMoney(undefined);
});

describe("money in micros", () => {
  it("parses amounts of up to six decimals and refuses the rest", () => {
    expect(parseAmountToMicros("12.5")).toBe(12_500_000n);
    expect(parseAmountToMicros(" 0.000001 ")).toBe(1n);
    for (const bad of ["", "-1", "1e3", "1.0000001", "1,5"]) expect(parseAmountToMicros(bad)).toBeNull();
  });

  it("writes micros as a decimal with at least two places", () => {
    expect(microsToDecimal(12_500_000n)).toBe("12.50");
    expect(microsToDecimal("2500")).toBe("0.0025");
    expect(microsToDecimal(-1_000_000n)).toBe("-1.00");
  });
});

describe("formatMoney", () => {
  it("formats in the person's language with the price's own decimals", () => {
    expect(formatMoney(12_500_000n, "USD", "en")).toBe("$12.50");
    expect(formatMoney("2500", "USD", "en")).toBe("$0.0025");
    // Spanish writes a no-break space before the sign.
    expect(formatMoney(1_234_500_000n, "EUR", "es")).toBe("1234,50\u00a0€");
    expect(formatMoney(1_500_000n, "CNY", "zh-Hans")).toBe("¥1.50");
  });

  it("builds one formatter per language, currency and decimals, and answers the same each time", () => {
    const built = vi.spyOn(Intl, "NumberFormat");
    const first = formatMoney(3_000_000n, "GBP", "pt");
    for (let i = 0; i < 5; i += 1) expect(formatMoney(3_000_000n, "GBP", "pt")).toBe(first);
    expect(formatMoney(3_100_000n, "GBP", "pt")).not.toBe(first);
    expect(built).toHaveBeenCalledTimes(1);
    formatMoney(3_000_100n, "GBP", "pt");
    expect(built).toHaveBeenCalledTimes(2);
  });

  it("falls back to the decimal and the code when the currency is not one Intl knows", () => {
    expect(formatMoney(1_000_000n, "NOT-A-CODE", "en")).toBe("1.00 NOT-A-CODE");
  });
});

describe("money the server formatted", () => {
  it("tells an observer each amount it formats, keyed by language, currency and micros", () => {
    const seen: [string, string][] = [];
    observeFormattedMoney((key, text) => seen.push([key, text]));
    formatMoney(7_250_000n, "USD", "en");
    formatMoney("1000", "EUR", "es");
    expect(seen).toEqual([
      ["en|USD|7250000", "$7.25"],
      ["es|EUR|1000", "0,001\u00a0€"],
    ]);
  });

  it("answers an amount the page was rendered with from the server's text, building no formatter", () => {
    reuseFormattedMoney({ "pt|BRL|4200000": "R$\u00a04,20", "en|JPY|5000000": 42 as unknown as string });
    const built = vi.spyOn(Intl, "NumberFormat");
    expect(formatMoney(4_200_000n, "BRL", "pt")).toBe("R$\u00a04,20");
    expect(formatMoney("4200000", "BRL", "pt")).toBe("R$\u00a04,20");
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
    // Anything else (and a value that is not text) is formatted as usual.
    expect(formatMoney(4_300_000n, "BRL", "pt")).toBe("R$\u00a04,30");
    expect(formatMoney(5_000_000n, "JPY", "en")).toBe("¥5.00");
  });
});
