import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { E164Set } from "./number-set";

describe("E164Set", () => {
  it("answers like a Set of strings, through growth", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 999_999_999_999_999n }), { maxLength: 3_000 }),
        (keys) => {
          const set = new E164Set(4);
          const reference = new Set<string>();
          for (const key of keys) {
            const e164 = `+${key}`;
            expect(set.add(e164)).toBe(!reference.has(e164));
            reference.add(e164);
          }
          expect(set.size).toBe(reference.size);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("tells 15-digit neighbours apart and refuses what is not a number", () => {
    const set = new E164Set();
    expect(set.add("+999999999999999")).toBe(true);
    expect(set.add("+999999999999998")).toBe(true);
    expect(set.add("+999999999999999")).toBe(false);
    expect(() => set.add("+12ab")).toThrow(RangeError);
  });
});
