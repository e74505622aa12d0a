import { describe, expect, it } from "vitest";
import { IRSF_PREFIXES } from "../irsf-prefixes";
import { basicResult } from "../test-factory";
import { irsfSignals } from "./irsf";

describe("irsfSignals", () => {
  it.each(["+881612345678", "+881712345678", "+870773123456", "+88234567890", "+88351001234", "+6745551234"])(
    "flags %s",
    (e164) => {
      expect(irsfSignals(basicResult({ e164, country: null }))).toEqual([
        { code: "irsf_destination", weight: 45 },
      ]);
    },
  );

  it("flags Cuba, Guinea, Sierra Leone and the Baltic premium ranges only", () => {
    for (const e164 of [
      "+5351234567",
      "+224621234567",
      "+23276123456",
      "+37190012345",
      "+37090012345",
      "+3729001234",
    ]) {
      expect(irsfSignals(basicResult({ e164 })), e164).toHaveLength(1);
    }
    for (const e164 of ["+37121234567", "+37061234567", "+37251234567"]) {
      expect(irsfSignals(basicResult({ e164 })), e164).toEqual([]);
    }
  });

  it("does not flag ordinary destinations or a missing number", () => {
    expect(irsfSignals(basicResult({ e164: "+447911123456" }))).toEqual([]);
    expect(irsfSignals(basicResult({ e164: "+12025550123" }))).toEqual([]);
    expect(irsfSignals(basicResult({ e164: null }))).toEqual([]);
  });

  it("keeps the list well formed: +digits prefixes, unique, with a country and note", () => {
    const prefixes = IRSF_PREFIXES.map((p) => p.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const entry of IRSF_PREFIXES) {
      expect(entry.prefix).toMatch(/^\+\d{1,6}$/);
      expect(entry.country.length).toBeGreaterThan(1);
      expect(entry.note.length).toBeGreaterThan(1);
    }
  });
});
