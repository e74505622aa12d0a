import { describe, expect, it } from "vitest";
import { summaryDay } from "../../../test/money-summary-day";
import { summaryRows, summaryServices, thisMonthUtc } from "./money-summary-rows";

const day = summaryDay;

describe("money summary rows", () => {
  it("defaults to the first of this month up to today in UTC, whatever the local clock", () => {
    expect(thisMonthUtc(new Date("2026-12-01T00:30:00+02:00"))).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
    });
  });

  it("lists each service once, other last", () => {
    expect(
      summaryServices([day({ spend: { other: "1", mnp: "1" } }), day({ spend: { basic: "2", mnp: "3" } })]),
    ).toEqual(["basic", "mnp", "other"]);
  });

  it("totals each currency apart, exactly, after the days", () => {
    const rows = summaryRows([
      day({ recharges: "9007199254740993", spend: { hlr: "1500000" }, refunds: "10" }),
      day({ day: "2026-11-02", currency: "EUR", added: "5", subtracted: "7", welcome: "3" }),
      day({ day: "2026-11-02", recharges: "7", spend: { hlr: "500000", basic: "1" } }),
    ]);
    expect(rows.map((r) => r.key)).toEqual([
      "2026-11-01/USD",
      "2026-11-02/EUR",
      "2026-11-02/USD",
      "total/EUR",
      "total/USD",
    ]);
    expect(rows[4]).toMatchObject({
      total: true,
      recharges: "9007199254741000",
      spend: { hlr: "2000000", basic: "1" },
      refunds: "10",
    });
    expect(rows[3]).toMatchObject({ added: "5", subtracted: "7", welcome: "3", recharges: "0" });
  });
});
