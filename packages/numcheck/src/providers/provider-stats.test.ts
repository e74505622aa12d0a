import { describe, expect, it } from "vitest";
import { ProviderStats } from "./provider-stats";

describe("provider stats: reported cost", () => {
  it("averages what the answers reported, per currency, and forgets it after an hour", () => {
    let now = Date.UTC(2026, 10, 26, 9, 0, 0);
    const stats = new ProviderStats(() => now);
    stats.record(120, "ok", { amount: "0.0045", currency: "EUR" });
    stats.record(80, "ok", { amount: "0.0055", currency: "EUR" });
    stats.record(90, "ok", { amount: "0.01", currency: "USD" });
    // An answer without a cost, or with one that is not a number, counts as a call but not a cost.
    stats.record(70, "ok", null);
    stats.record(70, "ok", { amount: "n/a", currency: "USD" });
    stats.record(300, "error");
    const hour = stats.lastHour();
    expect(hour.calls).toBe(6);
    expect(hour.costs).toEqual([
      { currency: "EUR", calls: 2, averageMicros: 5000 },
      { currency: "USD", calls: 1, averageMicros: 10_000 },
    ]);
    now += 61 * 60_000;
    expect(stats.lastHour()).toMatchObject({ calls: 0, costs: [] });
  });
});
