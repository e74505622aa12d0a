import type { OperatorMarginRow, OperatorPricePreview } from "@nc/contracts/operator";
import { describe, expect, it } from "vitest";
import { marginCells, previewCells } from "./price-format";

const row = (over: Partial<OperatorMarginRow>): OperatorMarginRow => ({
  service: "hlr",
  list: "standard",
  partnerId: null,
  partnerName: null,
  currency: "USD",
  priceMicros: "5000",
  costMicros: "3000",
  marginMicros: "2000",
  ...over,
});

describe("marginCells", () => {
  it("writes price, cost and margin as money of the list's currency in the page's language", () => {
    expect(marginCells(row({}), "en")).toEqual({
      price: "$0.005",
      cost: "$0.003",
      margin: "$0.002",
      negative: false,
    });
    expect(marginCells(row({ currency: "EUR", priceMicros: "1500000" }), "es").price).toBe("1,50\u00a0€");
  });

  it("marks a margin below zero as negative", () => {
    const cells = marginCells(row({ costMicros: "7000", marginMicros: "-2000" }), "en");
    expect(cells.negative).toBe(true);
    expect(cells.margin).toBe("-$0.002");
  });

  it("leaves cost and margin empty when no cost was reported in that currency, and not negative", () => {
    expect(marginCells(row({ costMicros: null, marginMicros: null }), "en")).toMatchObject({
      cost: null,
      margin: null,
      negative: false,
    });
  });
});

describe("previewCells", () => {
  const quote = (quantity: number, unit: string, total: string) => ({
    service: "hlr" as const,
    quantity,
    monthlyVolume: 0,
    band: 0,
    source: "special" as const,
    currency: "USD",
    unitPriceMicros: unit,
    totalMicros: total,
  });
  const preview: OperatorPricePreview = {
    tenantId: "t",
    rows: [
      { service: "hlr", quotes: [quote(1, "4000", "4000"), quote(10_000, "3000", "30000000")] },
      { service: "mnp", quotes: null },
    ],
  };

  it("gives each quantity its total and unit price, and null for a service without a price", () => {
    expect(previewCells(preview, "en")).toEqual([
      {
        service: "hlr",
        cells: [
          { quantity: 1, total: "$0.004", unit: "$0.004" },
          { quantity: 10_000, total: "$30.00", unit: "$0.003" },
        ],
      },
      { service: "mnp", cells: null },
    ]);
  });
});
