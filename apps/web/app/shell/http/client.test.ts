import { describe, expect, it } from "vitest";
import { RETRY_STATUSES, retriesFor } from "./client";

describe("retry rule", () => {
  it.each(["GET", "HEAD", "OPTIONS", "get", "Head", "options"])("retries %s once", (method) => {
    expect(retriesFor(method)).toBe(1);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post", "delete", "CONNECT", ""])(
    "never retries %j",
    (method) => {
      expect(retriesFor(method)).toBe(0);
    },
  );

  it("retries only on 408, 409, 425, 429 and 500, 502, 503, 504", () => {
    expect(RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });
});
