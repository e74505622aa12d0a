import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid";

describe("isUuid", () => {
  it("accepts UUIDs of any version in either case", () => {
    expect(isUuid("0190a0e0-0000-7000-8000-000000000000")).toBe(true);
    expect(isUuid("5F0C1C1E-0000-4000-8000-00000000000A")).toBe(true);
  });

  it("refuses anything else", () => {
    for (const text of [
      "",
      "not-an-id",
      "0190a0e0-0000-7000-8000-00000000000",
      "0190a0e0000070008000000000000000",
      " 0190a0e0-0000-7000-8000-000000000000",
      "0190a0e0-0000-7000-8000-00000000000g",
    ])
      expect(isUuid(text), text).toBe(false);
  });
});
