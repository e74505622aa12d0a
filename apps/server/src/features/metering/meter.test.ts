import { describe, expect, it } from "vitest";
import { dayIn } from "./meter";

const direct = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    at,
  );

describe("dayIn", () => {
  it("gives the same day as formatting every instant, in zones with whole, half and quarter hour offsets", () => {
    const zones = [
      "UTC",
      "Asia/Shanghai",
      "Asia/Kathmandu",
      "Asia/Kolkata",
      "America/St_Johns",
      "Pacific/Kiritimati",
    ];
    // Two days in 7-minute steps, across a daylight-saving change in St. John's (2026-11-01).
    const start = Date.UTC(2026, 9, 31, 0, 3);
    for (let t = start; t < start + 2 * 86_400_000; t += 7 * 60_000)
      for (const zone of zones)
        expect(dayIn(zone, new Date(t)), `${zone} ${new Date(t).toISOString()}`).toBe(
          direct(zone, new Date(t)),
        );
  });

  it("answers UTC's day for an unknown zone", () => {
    expect(dayIn("Not/A_Zone", new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-22");
  });
});
