import { describe, expect, it } from "vitest";
import { axisScale } from "../../shell/components/axis-scale";
import { moneyAxisFormat, tickDecimals } from "./money-axis";

const labels = (max: number, locale = "en", currency = "USD") => {
  const { values } = axisScale(max);
  return values.map(moneyAxisFormat(values, currency, locale));
};

describe("money axis labels", () => {
  it("gives small amounts the decimals that tell the ticks apart", () => {
    // A day of a few checks at $0.002 each: the ticks were all "$0" before.
    expect(labels(0.009)).toEqual(["$0.0000", "$0.0025", "$0.0050", "$0.0075", "$0.0100"]);
    expect(labels(0.07)).toEqual(["$0.00", "$0.02", "$0.04", "$0.06", "$0.08"]);
    expect(new Set(labels(0.0003)).size).toBe(labels(0.0003).length);
  });

  it("keeps whole amounts short and large ones compact", () => {
    expect(labels(80)).toEqual(["$0", "$20", "$40", "$60", "$80"]);
    expect(labels(12_345)).toEqual(["$0", "$5K", "$10K", "$15K"]);
  });

  it("writes them the reader's way", () => {
    expect(labels(0.07, "pt", "BRL")[1]).toBe("R$\u00a00,02");
    expect(labels(0.009, "es", "EUR")[1]).toBe("0,0025\u00a0€");
  });

  it("counts decimals up to micros", () => {
    expect(tickDecimals([0, 1, 2])).toBe(0);
    expect(tickDecimals([0, 0.25, 0.5])).toBe(2);
    expect(tickDecimals([0, 0.000001])).toBe(6);
    expect(tickDecimals([0, 1e-7])).toBe(6);
  });
});
