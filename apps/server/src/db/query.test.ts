import { describe, expect, it } from "vitest";
import { containsPattern, prefixPattern } from "./query";

describe("LIKE patterns of typed text", () => {
  it("takes %, _ and the escape character as plain characters", () => {
    expect(containsPattern("100%")).toBe("%100\\%%");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("c:\\temp")).toBe("%c:\\\\temp%");
    expect(prefixPattern("+44_%\\")).toBe("+44\\_\\%\\\\%");
  });

  it("leaves other text as it is", () => {
    expect(containsPattern("Zebra Telecom")).toBe("%Zebra Telecom%");
    expect(prefixPattern("0044")).toBe("0044%");
  });
});
