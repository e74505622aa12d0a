/**
 * Properties of the messy-cell recoveries (messy-cells.ts): a valid number, however a customer's
 * file decorates it, normalises back to itself; two valid numbers in one cell are never read as one.
 */
import fc from "fast-check";
import type { PhoneNumber } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { normalise } from "./normalise";
import {
  ARTEFACTS,
  applyArtefacts,
  DECORATIONS,
  decorate,
  decoration,
  JOINERS,
  localise,
  script,
  validNumber,
  validPair,
  written,
} from "./valid-numbers.arbitraries";

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

  it("two valid numbers joined by a separator are refused as two numbers, whatever the script, decoration or wrapping", () => {
    fc.assert(
      fc.property(
        validNumber,
        validNumber,
        fc.constantFrom("e164", "international"),
        // A space alone separates numbers only before a second "+": between national digit groups it is formatting.
        fc.constantFrom(...JOINERS, " "),
        fc.option(decoration, { nil: undefined }),
        script,
        fc.option(fc.constantFrom(...ARTEFACTS.keys()), { nil: undefined }),
        (first, second, form, joiner, around, { zero, seed, mixed }, artefact) => {
          const show = (phone: PhoneNumber) =>
            form === "e164" ? (phone.number as string) : phone.formatInternational();
          // In any script's digits, decorated, then wrapped as a spreadsheet exports a cell.
          const joined = localise(`${show(first)}${joiner}${show(second)}`, zero, seed, mixed, null);
          const cell = applyArtefacts(decorate(joined, around), artefact === undefined ? [] : [artefact]);
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
