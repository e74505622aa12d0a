import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bandRange, type PriceBand, pickBand } from "./price-service";

/**
 * A batch charged without the lock keeps its prices only while the volume it meets stays within
 * each check's band range (docs/architecture.md, "Several processes, one balance"): the range must
 * never be wider than the band, or a check would be charged at a band it is not in.
 */
describe("bandRange", () => {
  const bands = fc
    .uniqueArray(fc.nat(60), { minLength: 1, maxLength: 5 })
    .map((starts): PriceBand[] =>
      [...starts]
        .sort((a, b) => a - b)
        .map((minMonthlyVolume, i) => ({ minMonthlyVolume, priceMicros: BigInt(i + 1) })),
    );

  it("gives the same band at every volume of the range, another just outside it", () => {
    fc.assert(
      fc.property(bands, fc.nat(80), (list, volume) => {
        const [from, to] = bandRange(list, volume);
        const band = pickBand(list, volume);
        expect(from).toBeLessThanOrEqual(volume);
        expect(to).toBeGreaterThanOrEqual(volume);
        for (let v = from; v <= Math.min(to, 100); v++) expect(pickBand(list, v)).toBe(band);
        if (from > 0) expect(pickBand(list, from - 1)).not.toBe(band);
        if (to < Number.MAX_SAFE_INTEGER) expect(pickBand(list, to + 1)).not.toBe(band);
      }),
    );
  });

  it("the last band is open above, a list without a band at 0 charges its first below it", () => {
    const list = [
      { minMonthlyVolume: 5, priceMicros: 5n },
      { minMonthlyVolume: 10, priceMicros: 2n },
    ];
    expect(bandRange(list, 0)).toEqual([0, 9]);
    expect(bandRange(list, 7)).toEqual([0, 9]);
    expect(bandRange(list, 10)).toEqual([10, Number.MAX_SAFE_INTEGER]);
  });
});
