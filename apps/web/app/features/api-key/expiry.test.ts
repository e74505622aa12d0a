import { describe, expect, it } from "vitest";
import { endOfDayIn, expiresAtFor } from "./expiry";

describe("endOfDayIn", () => {
  it("is the last second of the day in the organisation's zone", () => {
    expect(endOfDayIn("UTC", 2030, 3, 1).toISOString()).toBe("2030-03-01T23:59:59.000Z");
    expect(endOfDayIn("Asia/Shanghai", 2030, 3, 1).toISOString()).toBe("2030-03-01T15:59:59.000Z");
    expect(endOfDayIn("America/Sao_Paulo", 2030, 3, 1).toISOString()).toBe("2030-03-02T02:59:59.000Z");
  });

  it("follows daylight saving time on the day itself", () => {
    // New York: EST (-5) until 10 March 2030, EDT (-4) from then on.
    expect(endOfDayIn("America/New_York", 2030, 3, 9).toISOString()).toBe("2030-03-10T04:59:59.000Z");
    expect(endOfDayIn("America/New_York", 2030, 3, 10).toISOString()).toBe("2030-03-11T03:59:59.000Z");
    expect(endOfDayIn("Europe/London", 2030, 7, 1).toISOString()).toBe("2030-07-01T22:59:59.000Z");
  });
});

describe("expiresAtFor", () => {
  const now = Date.parse("2030-01-01T12:00:00Z");

  it("sends nothing for a key that never expires", () => {
    expect(expiresAtFor("never", undefined, "UTC", now)).toBeUndefined();
  });

  it("counts days from now", () => {
    expect(expiresAtFor("30", undefined, "UTC", now)).toBe("2030-01-31T12:00:00.000Z");
    expect(expiresAtFor("365", undefined, "UTC", now)).toBe("2031-01-01T12:00:00.000Z");
  });

  it("ends a chosen date in the organisation's zone", () => {
    expect(expiresAtFor("date", { year: 2030, month: 6, day: 15 }, "Asia/Shanghai", now)).toBe(
      "2030-06-15T15:59:59.000Z",
    );
    expect(expiresAtFor("date", undefined, "UTC", now)).toBeUndefined();
  });
});
