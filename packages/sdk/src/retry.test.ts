import { describe, expect, it } from "vitest";
import { backoffDelay, isRetryableAnswer, mayResend, nextDelay, parseRetryAfter } from "./retry";

describe("retry rules", () => {
  it("retries 429, 5xx and 409 40907, nothing else", () => {
    expect(isRetryableAnswer(429, 42900)).toBe(true);
    expect(isRetryableAnswer(500, 50000)).toBe(true);
    expect(isRetryableAnswer(503, 50300)).toBe(true);
    expect(isRetryableAnswer(409, 40907)).toBe(true);
    expect(isRetryableAnswer(409, 40903)).toBe(false);
    expect(isRetryableAnswer(400, 40001)).toBe(false);
    expect(isRetryableAnswer(402, 40200)).toBe(false);
    expect(isRetryableAnswer(422, 42200)).toBe(false);
  });

  it("never resends a POST without its idempotency key, nor a body that cannot be made again", () => {
    expect(mayResend({ method: "POST", replayable: true })).toBe(false);
    expect(mayResend({ method: "POST", idempotencyKey: "", replayable: true })).toBe(false);
    expect(mayResend({ method: "POST", idempotencyKey: "k", replayable: true })).toBe(true);
    expect(mayResend({ method: "POST", idempotencyKey: "k", replayable: false })).toBe(false);
    expect(mayResend({ method: "GET", replayable: true })).toBe(true);
    expect(mayResend({ method: "DELETE", replayable: true })).toBe(true);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-12-05T10:00:00Z");
    expect(parseRetryAfter("17", now)).toBe(17_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Sat, 05 Dec 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sat, 05 Dec 2026 09:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("-3", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("backs off exponentially with full jitter, capped", () => {
    const delay = { baseMs: 500, maxMs: 20_000 };
    const top = () => 0.999_999;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, delay, top))).toEqual([
      499, 999, 1999, 3999, 7999, 15_999, 19_999, 19_999,
    ]);
    expect(backoffDelay(3, delay, () => 0)).toBe(0);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(4, delay)));
    expect(spread.size).toBeGreaterThan(10);
    for (const value of spread) expect(value).toBeLessThan(8_000);
  });

  it("waits what the server asked for when it asked, else backs off", () => {
    const delay = { baseMs: 100, maxMs: 1_000 };
    expect(nextDelay(0, 3_000, delay, () => 0.5)).toBe(3_000);
    expect(nextDelay(2, null, delay, () => 0.5)).toBe(200);
  });
});
