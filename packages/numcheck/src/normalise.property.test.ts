/** Properties that must hold for any input a customer's file can contain. */
import fc from "fast-check";
import { getCountries } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { basicCheck } from "./basic-check";
import { normalise } from "./normalise";

const countries = getCountries();
const country = fc.option(fc.constantFrom(...countries), { nil: undefined });

/** Phone-like strings: digits with the punctuation, prefixes and suffixes people really use. */
const phoneLike = fc
  .tuple(
    fc.constantFrom("", "+", "00", "0", "＋", "tel:+", "(", " "),
    fc.array(fc.constantFrom(..."0123456789０１２３４５６７８９ -.()/"), { minLength: 0, maxLength: 20 }),
    fc.constantFrom("", " ext 12", "x9", "#1", ";ext=7", "E+11", " "),
  )
  .map(([prefix, body, suffix]) => prefix + body.join("") + suffix);

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  phoneLike,
);

describe("normalise properties", () => {
  it("never throws, whatever the string", () => {
    fc.assert(
      fc.property(anyText, country, (input, defaultCountry) => {
        const result = normalise(input, { defaultCountry });
        expect(result.input).toBe(input);
        expect(result.e164 === null || /^\+[1-9]\d{1,16}$/.test(result.e164)).toBe(true);
        // A number without E.164 always says why.
        if (result.e164 === null) expect(result.invalidReason).not.toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it("normalising an E.164 result again gives the same E.164", () => {
    fc.assert(
      fc.property(phoneLike, country, (input, defaultCountry) => {
        const once = normalise(input, { defaultCountry });
        if (once.e164 === null) return;
        const again = normalise(once.e164);
        expect(again.e164).toBe(once.e164);
        expect(again.invalidReason).toBe(once.invalidReason);
      }),
      { numRuns: 5000 },
    );
  });

  it("normalising twice equals normalising once (with the same options)", () => {
    fc.assert(
      fc.property(anyText, country, (input, defaultCountry) => {
        const once = normalise(input, { defaultCountry });
        if (once.e164 === null) return;
        expect(normalise(once.e164, { defaultCountry }).e164).toBe(once.e164);
      }),
      { numRuns: 3000 },
    );
  });

  it("every valid national number of every region round-trips through its E.164", () => {
    fc.assert(
      fc.property(fc.constantFrom(...countries), fc.stringMatching(/^[1-9]\d{5,11}$/), (region, digits) => {
        const once = normalise(digits, { defaultCountry: region });
        if (once.e164 === null || once.invalidReason !== null) return;
        expect(normalise(once.e164).e164).toBe(once.e164);
        expect(normalise(once.e164).invalidReason).toBeNull();
      }),
      { numRuns: 5000 },
    );
  });

  it("basicCheck never throws either", () => {
    fc.assert(
      fc.property(anyText, country, (input, defaultCountry) => {
        const result = basicCheck(input, { defaultCountry });
        expect(result.source).toBe("numbering_plan");
        if (result.valid !== true) expect(result.qualifiesForHlr).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
