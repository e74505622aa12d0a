import { API_KEY_IPS_MAX } from "@nc/contracts/api-keys";
import { describe, expect, it } from "vitest";
import { checkIpLines, ipLines } from "./ip-allow-list";

describe("IP allow-list box", () => {
  it("reads one entry per non-empty line, with its line number", () => {
    expect(ipLines(" 203.0.113.7 \n\n2001:db8::/32\r\n")).toEqual([
      { line: 1, value: "203.0.113.7" },
      { line: 3, value: "2001:db8::/32" },
    ]);
    expect(ipLines(undefined)).toEqual([]);
  });

  it("names the first line the shared schema refuses", () => {
    expect(checkIpLines("203.0.113.7\n10.0.0.0/8")).toBeNull();
    expect(checkIpLines("203.0.113.7\n\nexample.com")).toEqual({
      line: 3,
      reason: "invalid_format",
      params: {},
    });
  });

  it("refuses more entries than a key may hold", () => {
    const many = Array.from({ length: API_KEY_IPS_MAX + 1 }, (_, i) => `10.0.0.${i}`).join("\n");
    expect(checkIpLines(many)).toBe("tooMany");
  });
});
