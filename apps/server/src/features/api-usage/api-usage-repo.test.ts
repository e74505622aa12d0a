import { describe, expect, it } from "vitest";
import { splitPeriod } from "./api-usage-repo";

describe("splitPeriod", () => {
  it("cuts a period at whole months", () => {
    expect(splitPeriod("2026-01-20", "2026-04-05")).toEqual({
      months: ["2026-02-01", "2026-04-01"],
      days: [
        ["2026-01-20", "2026-01-31"],
        ["2026-04-01", "2026-04-05"],
      ],
    });
    expect(splitPeriod("2026-02-01", "2026-03-31")).toEqual({
      months: ["2026-02-01", "2026-04-01"],
      days: [],
    });
    expect(splitPeriod("2026-12-01", "2027-01-31")).toEqual({
      months: ["2026-12-01", "2027-02-01"],
      days: [],
    });
    // 2028 is a leap year: 29 February ends the month.
    expect(splitPeriod("2028-02-01", "2028-02-29")).toEqual({
      months: ["2028-02-01", "2028-03-01"],
      days: [],
    });
  });

  it("reads days only when no month is whole", () => {
    expect(splitPeriod("2026-02-03", "2026-02-25")).toEqual({
      months: null,
      days: [["2026-02-03", "2026-02-25"]],
    });
    expect(splitPeriod("2026-01-15", "2026-02-14")).toEqual({
      months: null,
      days: [["2026-01-15", "2026-02-14"]],
    });
    expect(splitPeriod("2028-02-01", "2028-02-28")).toEqual({
      months: null,
      days: [["2028-02-01", "2028-02-28"]],
    });
  });
});
