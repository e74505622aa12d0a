/**
 * Properties of the messy-cell recoveries (messy-cells.ts): a valid number, however a customer's
 * file decorates it, normalises back to itself; two valid numbers in one cell are never read as one.
 */
import fc from "fast-check";
import {
  type CountryCode,
  getCountries,
  getExampleNumber,
  type PhoneNumber,
  parsePhoneNumberWithError,
} from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { describe, expect, it } from "vitest";
import { normalise } from "./normalise";

/** Each region's example number (libphonenumber's, a mobile where the region has one). */
const EXAMPLES = getCountries()
  .map((region) => getExampleNumber(region, examples))
  .filter((phone): phone is PhoneNumber => phone?.isValid() === true);

/**
 * A valid number near a region's example: its last one to four digits replaced, kept when still
 * valid (so ranges and types beyond the example's own vary), else the example itself.
 */
function near(example: PhoneNumber, count: number, tail: number): PhoneNumber {
  const nsn = example.nationalNumber;
  const replaced = count === 0 ? nsn : nsn.slice(0, -count) + String(tail).padStart(4, "0").slice(-count);
  try {
    const phone = parsePhoneNumberWithError(`+${example.countryCallingCode}${replaced}`);
    return phone.isValid() ? phone : example;
  } catch {
    return example;
  }
}

const change = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9999 }));
const validNumber = fc
  .tuple(fc.constantFrom(...EXAMPLES), change)
  .map(([example, [count, tail]]) => near(example, count, tail));
/** Two valid numbers of one region. */
const validPair = fc
  .tuple(fc.constantFrom(...EXAMPLES), change, change)
  .map(([example, a, b]) => [near(example, ...a), near(example, ...b)] as const);

/** The ways a clean number is written, with the default country a national one needs. */
const written = fc
  .tuple(validNumber, fc.constantFrom("e164", "international", "national"))
  .map(([phone, form]) => ({
    e164: phone.number as string,
    text:
      form === "e164"
        ? (phone.number as string)
        : form === "international"
          ? phone.formatInternational()
          : phone.formatNational(),
    defaultCountry: form === "national" ? (phone.country as CountryCode | undefined) : undefined,
  }))
  // A national form is only one when the region is known (not for shared calling codes' non-geographic numbers).
  .filter((w) => w.text.startsWith("+") || w.defaultCountry !== undefined);

const DECORATIONS: ((text: string) => string)[] = [
  // Quotes a CSV export kept.
  (t) => `"${t}"`,
  (t) => `'${t}'`,
  (t) => `\u201C${t}\u201D`,
  (t) => `""${t}""`,
  // A broken CSV's separator.
  (t) => `${t};`,
  (t) => `${t},`,
  (t) => `${t}|`,
  (t) => `;${t}`,
  // Labels before.
  (t) => `Tel: ${t}`,
  (t) => `Mobile: ${t}`,
  (t) => `Phone ${t}`,
  (t) => `Tel./Fax: ${t}`,
  (t) => `Móvil: ${t}`,
  (t) => `Celular ${t}`,
  (t) => `手机：${t}`,
  (t) => `(work) ${t}`,
  // Labels after.
  (t) => `${t} (mobile)`,
  (t) => `${t} mobile`,
  (t) => `${t} - Mobile`,
  (t) => `${t}, home`,
  (t) => `${t} [office]`,
  (t) => `${t}（手机）`,
  (t) => `${t} ext.`,
];

const decoration = fc.constantFrom(...DECORATIONS.keys());

/** Where one number ends and the next begins, as customers write it. */
const JOINERS = [
  " / ",
  "/",
  "; ",
  ";",
  ", ",
  " | ",
  " or ",
  " and ",
  " o ",
  " ou ",
  " y ",
  " 或 ",
  "\n",
  " & ",
];

describe("messy-cell properties", () => {
  it("any valid number, decorated in any of the ways files hold it, normalises back to itself", () => {
    fc.assert(
      fc.property(written, fc.array(decoration, { minLength: 1, maxLength: 3 }), (number, chosen) => {
        const cell = chosen.reduce(
          (text, index) => (DECORATIONS[index] as (t: string) => string)(text),
          number.text,
        );
        const result = normalise(cell, { defaultCountry: number.defaultCountry });
        expect(result.invalidReason, cell).toBeNull();
        expect(result.e164, cell).toBe(number.e164);
        // The recovery is recorded, so the customer sees the cell was read, not taken as written.
        expect(
          result.steps.some((s) => ["quotes_removed", "separator_removed", "label_removed"].includes(s)),
          cell,
        ).toBe(true);
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it("two valid numbers joined by a separator are refused as two numbers, whatever the decoration", () => {
    fc.assert(
      fc.property(
        validNumber,
        validNumber,
        fc.constantFrom("e164", "international"),
        // A space alone separates numbers only before a second "+": between national digit groups it is formatting.
        fc.constantFrom(...JOINERS, " "),
        fc.option(decoration, { nil: undefined }),
        (first, second, form, joiner, around) => {
          const show = (phone: PhoneNumber) =>
            form === "e164" ? (phone.number as string) : phone.formatInternational();
          const joined = `${show(first)}${joiner}${show(second)}`;
          const cell = around === undefined ? joined : (DECORATIONS[around] as (t: string) => string)(joined);
          const result = normalise(cell);
          expect(result.e164, cell).toBeNull();
          expect(result.invalidReason, cell).toBe("multiple_numbers");
        },
      ),
      { numRuns: 1500 },
    );
  }, 120_000);

  it("two national numbers of one region joined by a separator are never read as one valid number", () => {
    fc.assert(
      fc.property(validPair, fc.constantFrom(...JOINERS), ([first, second], joiner) => {
        fc.pre(first.country !== undefined);
        const cell = `${first.formatNational()}${joiner}${second.formatNational()}`;
        const result = normalise(cell, { defaultCountry: first.country });
        expect(result.invalidReason, cell).not.toBeNull();
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});
