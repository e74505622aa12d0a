import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

describe("relativeTime", () => {
  const now = Date.parse("2030-01-10T12:00:00Z");
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it("words instants of the last week", () => {
    expect(relativeTime(ago(5), "en", now)).toBe("now");
    expect(relativeTime(ago(180), "en", now)).toBe("3 minutes ago");
    expect(relativeTime(ago(2 * 3600), "en", now)).toBe("2 hours ago");
    expect(relativeTime(ago(86_400), "en", now)).toBe("yesterday");
    expect(relativeTime(ago(3 * 86_400), "es", now)).toBe("hace 3 días");
  });

  it("leaves older instants to a date", () => {
    expect(relativeTime(ago(8 * 86_400), "en", now)).toBeNull();
  });
});
