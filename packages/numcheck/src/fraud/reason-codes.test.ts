import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FRAUD_REASON_CODES } from "./reason-codes";

const english = JSON.parse(
  readFileSync(new URL("../../../contracts/locales/en/fraud.json", import.meta.url), "utf8"),
) as Record<string, unknown>;

describe("fraud reason codes", () => {
  it("are unique", () => {
    expect(new Set(FRAUD_REASON_CODES).size).toBe(FRAUD_REASON_CODES.length);
  });
  it("each have an English text, and English has no stale codes", () => {
    for (const code of FRAUD_REASON_CODES) {
      expect(typeof english[code], code).toBe("string");
      expect((english[code] as string).trim(), code).not.toBe("");
    }
    expect(Object.keys(english).sort()).toEqual([...FRAUD_REASON_CODES].sort());
  });
});
