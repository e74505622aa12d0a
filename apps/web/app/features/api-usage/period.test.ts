import { describe, expect, it } from "vitest";
import { periodProblem, presetPeriod, todayIn } from "./period";

describe("usage periods", () => {
  it("takes today in the organisation's time zone, not the browser's", () => {
    const instant = new Date("2026-03-09T15:30:00Z");
    expect(todayIn("Asia/Tokyo", instant)).toBe("2026-03-10");
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-03-09");
    expect(todayIn("Not/A_Zone", instant)).toBe("2026-03-09");
  });

  it("counts presets back from today, both ends inclusive", () => {
    expect(presetPeriod("last7", "2026-03-03")).toEqual({ from: "2026-02-25", to: "2026-03-03" });
    expect(presetPeriod("last30", "2026-03-03")).toEqual({ from: "2026-02-02", to: "2026-03-03" });
    expect(presetPeriod("thisMonth", "2026-03-03")).toEqual({ from: "2026-03-01", to: "2026-03-03" });
    expect(presetPeriod("lastMonth", "2026-03-03")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetPeriod("lastMonth", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(presetPeriod("lastMonth", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });

  it("says what is wrong with a typed period", () => {
    expect(periodProblem({ from: "2026-03-01", to: "2026-03-01" })).toBeNull();
    expect(periodProblem({ from: "2026-03-01" })).toBe("periodIncomplete");
    expect(periodProblem({ from: "2026-02-30", to: "2026-03-01" })).toBe("periodIncomplete");
    expect(periodProblem({ from: "2026-03-02", to: "2026-03-01" })).toBe("periodBackwards");
    expect(periodProblem({ from: "2026-01-01", to: "2027-01-01" })).toBeNull();
    expect(periodProblem({ from: "2026-01-01", to: "2027-01-02" })).toBe("periodTooLong");
  });
});
