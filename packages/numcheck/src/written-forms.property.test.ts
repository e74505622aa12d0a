/**
 * Every way a number is written (docs/architecture.md, "Normalisation"): in any script's decimal
 * digits, with any script's punctuation, and with the artefacts spreadsheets leave, a number reads
 * as its ASCII form does; what cannot be read as one number (two numbers, rounded digits) is
 * refused, never read as another number.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalise } from "./normalise";
import {
  ARTEFACTS,
  ASCII_ZERO,
  applyArtefacts,
  artefacts,
  DECIMAL_DIGIT,
  decorate,
  decoration,
  FULL_WIDTH_ZERO,
  GROUP_SEPARATORS,
  IN_NUMBER,
  localise,
  RANGE_LENGTHS,
  script,
  validNumber,
  written,
  ZEROS,
} from "./valid-numbers.arbitraries";
import { asciiForms } from "./written-digits";

/**
 * A number as a spreadsheet holds it once stored as a float: its digits (E.164 without the "+", or
 * the national significant number with the country's default), never with a leading zero.
 */
const stored = fc
  .tuple(validNumber, fc.boolean())
  .map(([phone, national]) => ({
    digits: national ? phone.nationalNumber : `${phone.countryCallingCode}${phone.nationalNumber}`,
    defaultCountry: national ? phone.country : undefined,
  }))
  // A float has no leading zero; fewer than six digits with decimals are not taken for a number.
  .filter((s) => !s.digits.startsWith("0") && s.digits.length >= 6);

/** Lossless ways a spreadsheet or a float writes the digits back. */
const FLOAT_FORMS: ((digits: string) => string)[] = [
  (d) => `${d}.0`,
  (d) => `${d}.00`,
  (d) => `${d},0`,
  (d) => `${d[0]}.${d.slice(1)}E+${d.length - 1}`,
  (d) => `${d[0]}.${d.slice(1)}e+${d.length - 1}`,
  (d) => `${d[0]},${d.slice(1)}E${d.length - 1}`,
  // A fixed number of decimals, as C's "%.18e" writes: the digits, then zeros.
  (d) => `${d[0]}.${d.slice(1).padEnd(18, "0")}e+${d.length - 1}`,
];

describe("every Unicode decimal digit", () => {
  it("comes in runs of ten, as the conversion relies on (Unicode's stability policy)", () => {
    expect(ZEROS.length).toBeGreaterThan(60);
    for (const length of RANGE_LENGTHS) expect(length % 10).toBe(0);
  });

  it("reads as its value, in every run", () => {
    for (const zero of ZEROS) {
      const digits = Array.from({ length: 10 }, (_, d) => String.fromCodePoint(zero + d)).join("");
      expect(asciiForms(digits).text, zero.toString(16)).toBe("0123456789");
    }
  });

  it("reads as the value ICU gives it, in every numbering system ICU writes with decimal digits", () => {
    let systems = 0;
    for (const system of Intl.supportedValuesOf("numberingSystem")) {
      const format = new Intl.NumberFormat(`en-u-nu-${system}`, { useGrouping: false });
      if (format.resolvedOptions().numberingSystem !== system) continue;
      const digits = Array.from({ length: 10 }, (_, d) => format.format(d));
      if (!digits.every((d) => DECIMAL_DIGIT.test(d))) continue;
      systems++;
      expect(asciiForms(digits.join("")).text, system).toBe("0123456789");
    }
    // arab, arabext, beng, deva, fullwide, thai and dozens more.
    expect(systems).toBeGreaterThan(40);
  });
});

describe("written-form properties", () => {
  it("a valid number in any script's digits and punctuation reads as its ASCII form", () => {
    fc.assert(
      fc.property(written, script, (number, { zero, seed, mixed, punctuation }) => {
        const cell = localise(number.text, zero, seed, mixed, punctuation ? GROUP_SEPARATORS : null);
        const result = normalise(cell, { defaultCountry: number.defaultCountry });
        expect(result.e164, cell).toBe(number.e164);
        expect(result.invalidReason, cell).toBeNull();
        if (zero !== ASCII_ZERO && zero !== FULL_WIDTH_ZERO && !mixed) {
          expect(result.steps, cell).toContain("local_digits");
        }
      }),
      { numRuns: 3000 },
    );
  }, 120_000);

  it("a valid number in any script with what spreadsheets and files leave around it reads as itself", () => {
    fc.assert(
      fc.property(
        written,
        script,
        artefacts,
        fc.option(decoration, { nil: undefined }),
        (number, { zero, seed, mixed, punctuation }, chosen, around) => {
          // The cell as the customer's file held it, then as a spreadsheet exported it.
          const local = localise(number.text, zero, seed, mixed, punctuation ? IN_NUMBER : null);
          const cell = applyArtefacts(decorate(local, around), chosen);
          const result = normalise(cell, { defaultCountry: number.defaultCountry });
          expect(result.e164, cell).toBe(number.e164);
          expect(result.invalidReason, cell).toBeNull();
        },
      ),
      { numRuns: 3000 },
    );
  }, 120_000);

  it("a number a spreadsheet wrote as a float, without losing a digit, reads as its digits do", () => {
    fc.assert(
      fc.property(
        stored,
        fc.constantFrom(...FLOAT_FORMS.keys()),
        script,
        fc.option(fc.constantFrom(...ARTEFACTS.keys()), { nil: undefined }),
        ({ digits, defaultCountry }, form, { zero, seed, mixed }, artefact) => {
          const expected = normalise(digits, { defaultCountry });
          const float = localise(
            (FLOAT_FORMS[form] as (d: string) => string)(digits),
            zero,
            seed,
            mixed,
            null,
          );
          const cell = applyArtefacts(float, artefact === undefined ? [] : [artefact]);
          const result = normalise(cell, { defaultCountry });
          expect(result.e164, cell).toBe(expected.e164);
          expect(result.invalidReason, cell).toBe(expected.invalidReason);
          const step = form < 3 ? "spreadsheet_decimal" : "spreadsheet_scientific";
          if (expected.e164 !== null) expect(result.steps, cell).toContain(step);
        },
      ),
      { numRuns: 2000 },
    );
  }, 120_000);

  it("scientific notation that rounded digits away is refused, never read as another number", () => {
    fc.assert(
      fc.property(
        stored,
        fc.nat(),
        script,
        fc.option(fc.constantFrom(...ARTEFACTS.keys()), { nil: undefined }),
        fc.option(decoration, { nil: undefined }),
        ({ digits, defaultCountry }, kept, { zero, seed, mixed }, artefact, around) => {
          // Fewer significant digits than the number has, rounded as a spreadsheet rounds them.
          const rounded = Number(digits).toExponential(kept % (digits.length - 1));
          const local = localise(rounded, zero, seed, mixed, null);
          const cell = applyArtefacts(decorate(local, around), artefact === undefined ? [] : [artefact]);
          const result = normalise(cell, { defaultCountry });
          expect(result.e164, cell).toBeNull();
          expect(result.invalidReason, cell).toBe("precision_lost");
        },
      ),
      { numRuns: 2000 },
    );
  }, 120_000);
});
