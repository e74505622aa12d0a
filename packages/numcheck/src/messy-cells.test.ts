/** The messy cells customers' files hold (messy-cells.ts, recovered in normalise.ts). */
import { describe, expect, it } from "vitest";
import { holdsSeveralNumbers, tidyEdges, vanityDigits } from "./messy-cells";
import { normalise } from "./normalise";

describe("normalise: one number in a messy cell is recovered, and the step recorded", () => {
  it.each([
    // A broken CSV's separator at the end (or start) of the cell.
    ["+8613800138000;", undefined, "+8613800138000", ["separator_removed", "international_plus"]],
    ["+8613800138000,", undefined, "+8613800138000", ["separator_removed", "international_plus"]],
    ["|+44 7911 123456|", undefined, "+447911123456", ["separator_removed", "international_plus"]],
    // Quotes a CSV export kept around the cell.
    ['"+44 7911 123456"', undefined, "+447911123456", ["quotes_removed", "international_plus"]],
    ["'+1 202 555 0123'", undefined, "+12025550123", ["quotes_removed", "international_plus"]],
    ["\u201C+44 7911 123456\u201D", undefined, "+447911123456", ["quotes_removed", "international_plus"]],
    ['""+44 7911 123456""', undefined, "+447911123456", ["quotes_removed", "international_plus"]],
    ["'07911 123456", "GB", "+447911123456", ["quotes_removed", "default_country", "national_trunk_prefix"]],
    // A label before the number.
    ["Mobile: +44 7911 123456", undefined, "+447911123456", ["label_removed", "international_plus"]],
    [
      "Tel.: 07911 123456",
      "GB",
      "+447911123456",
      ["label_removed", "default_country", "national_trunk_prefix"],
    ],
    ["Tel/Fax +44 20 7946 0000", undefined, "+442079460000", ["label_removed", "international_plus"]],
    ["Móvil: +34 612 34 56 78", undefined, "+34612345678", ["label_removed", "international_plus"]],
    ["手机 138 0013 8000", "CN", "+8613800138000", ["label_removed", "default_country"]],
    ["(mobile) +44 7911 123456", undefined, "+447911123456", ["label_removed", "international_plus"]],
    // A label after the number.
    ["+44 7911 123456 (mobile)", undefined, "+447911123456", ["label_removed", "international_plus"]],
    ["+44 7911 123456 [work]", undefined, "+447911123456", ["label_removed", "international_plus"]],
    ["+44 7911 123456 mobile", undefined, "+447911123456", ["label_removed", "international_plus"]],
    ["+44 7911 123456 - Mobile", undefined, "+447911123456", ["label_removed", "international_plus"]],
    ["+44 7911 123456, mobile", undefined, "+447911123456", ["label_removed", "international_plus"]],
    ["+44 7911 123456 MOBILE", undefined, "+447911123456", ["label_removed", "international_plus"]],
    ["+44 20 7946 0000 ext.", undefined, "+442079460000", ["label_removed", "international_plus"]],
    [
      "138 0013 8000（手机）",
      "CN",
      "+8613800138000",
      ["full_width_digits", "label_removed", "default_country"],
    ],
    // All of them at once.
    [
      '"Tel: +44 7911 123456 (mobile)";',
      undefined,
      "+447911123456",
      ["quotes_removed", "separator_removed", "label_removed", "international_plus"],
    ],
    // What a spreadsheet leaves: a formula yielding text, the apostrophe that marks text, brackets,
    // a stray symbol after the number.
    ['="+44 7911 123456"', undefined, "+447911123456", ["spreadsheet_formula", "international_plus"]],
    [
      '="07911123456"',
      "GB",
      "+447911123456",
      ["spreadsheet_formula", "default_country", "national_trunk_prefix"],
    ],
    ["=+447911123456", undefined, "+447911123456", ["spreadsheet_formula", "international_plus"]],
    [
      '"=""+44 7911 123456"""',
      undefined,
      "+447911123456",
      ["quotes_removed", "spreadsheet_formula", "international_plus"],
    ],
    ["'+44 7911 123456", undefined, "+447911123456", ["quotes_removed", "international_plus"]],
    ["{+44 7911 123456}", undefined, "+447911123456", ["brackets_removed", "international_plus"]],
    ["<+44 7911 123456>", undefined, "+447911123456", ["brackets_removed", "international_plus"]],
    ["【+86 138 0013 8000】", undefined, "+8613800138000", ["brackets_removed", "international_plus"]],
    [
      "Tel: <+44 7911 123456>",
      undefined,
      "+447911123456",
      ["label_removed", "brackets_removed", "international_plus"],
    ],
    ["+44 7911 123456*", undefined, "+447911123456", ["symbol_removed", "international_plus"]],
    ["+44 7911 123456#", undefined, "+447911123456", ["symbol_removed", "international_plus"]],
    [
      "'447911123456.0",
      undefined,
      "+447911123456",
      ["quotes_removed", "spreadsheet_decimal", "restored_plus"],
    ],
    [
      "+٤٤ ٧٩١١ ١٢٣٤٥٦،",
      undefined,
      "+447911123456",
      ["local_digits", "separator_removed", "international_plus"],
    ],
    // Vanity letters in the national part, by the phone keypad.
    ["+1-800-FLOWERS", undefined, "+18003569377", ["vanity_letters", "international_plus"]],
    ["+1 800 GO FEDEX", undefined, "+18004633339", ["vanity_letters", "international_plus"]],
    ["1-800-FLOWERS", "US", "+18003569377", ["vanity_letters", "default_country", "national_trunk_prefix"]],
    [
      "Orders: 1-800-FLOWERS",
      "US",
      "+18003569377",
      ["label_removed", "vanity_letters", "default_country", "national_trunk_prefix"],
    ],
    // Mexico's mobile 1 after +52 (and 044/045 nationally), dropped in 2019.
    ["+52 1 55 1234 5678", undefined, "+525512345678", ["international_plus", "mexico_mobile_prefix"]],
    ["0052 1 55 1234 5678", undefined, "+525512345678", ["international_00", "mexico_mobile_prefix"]],
    ["+5215512345678", undefined, "+525512345678", ["international_plus", "mexico_mobile_prefix"]],
    ["044 55 1234 5678", "MX", "+525512345678", ["default_country", "mexico_mobile_prefix"]],
    ["045 33 1234 5678", "MX", "+523312345678", ["default_country", "mexico_mobile_prefix"]],
  ])("%j (default %s) -> %s %j", (input, country, e164, steps) => {
    const result = normalise(input, { defaultCountry: country });
    expect(result.e164).toBe(e164);
    expect(result.steps).toEqual(steps);
    expect(result.invalidReason).toBeNull();
    expect(result.input).toBe(input);
  });

  it("keeps an extension after the label is removed, as for a clean cell", () => {
    const result = normalise('"+44 20 7946 0000 ext. 123" (office)');
    expect(result.e164).toBe("+442079460000");
    expect(result.extension).toBe("123");
    expect(result.steps).toEqual([
      "quotes_removed",
      "label_removed",
      "extension_removed",
      "international_plus",
    ]);
  });

  it("reports a labelled number of an unallocated range as it reports the clean one", () => {
    const result = normalise("+44 7700 900123 (mobile)");
    expect(result.e164).toBe("+447700900123");
    expect(result.invalidReason).toBe("invalid_for_region");
  });

  it("leaves a clean cell's steps as they were (nothing recovered, nothing recorded)", () => {
    expect(normalise("+44 7911 123456").steps).toEqual(["international_plus"]);
    expect(normalise("+52 55 1234 5678").steps).toEqual(["international_plus"]);
    expect(normalise("+1 800 356 9377").steps).toEqual(["international_plus"]);
  });
});

describe("normalise: two numbers in one cell are refused, none taken", () => {
  it.each([
    ["+44 7911 123456 / +44 7911 654321", undefined],
    ["+44 7911 123456/+44 7911 654321", undefined],
    ["+44 7911 123456; +44 7911 654321", undefined],
    ["+44 7911 123456, +44 7911 654321", undefined],
    ["+44 7911 123456 | +44 7911 654321", undefined],
    ["+44 7911 123456 or +44 7911 654321", undefined],
    ["+34 612 34 56 78 o +34 612 34 56 79", undefined],
    ["+55 11 96123 4567 ou +55 11 96123 4568", undefined],
    ["+86 138 0013 8000 或 +86 139 1234 5678", undefined],
    ["+44 7911 123456 +44 7911 654321", undefined],
    ["+44 7911 123456\n+44 7911 654321", undefined],
    ["Tel: +44 20 7946 0000 / Mobile: +44 7911 123456", undefined],
    ["+44 7911 123456 / 654321", undefined],
    ["07911 123456 / 07911 654321", "GB"],
    ['"+8613800138000;+8613912345678";', undefined],
    ['="+44 7911 123456 / +44 7911 654321"', undefined],
    ["{+44 7911 123456 +44 7911 654321}", undefined],
    ["٠٧٩١١ ١٢٣٤٥٦ / ٠٧٩١١ ٦٥٤٣٢١", "GB"],
    ["+٤٤ ٧٩١١ ١٢٣٤٥٦، +٤٤ ٧٩١١ ٦٥٤٣٢١", undefined],
  ])("%j (default %s)", (input, country) => {
    const result = normalise(input, { defaultCountry: country });
    expect(result.e164).toBeNull();
    expect(result.invalidReason).toBe("multiple_numbers");
  });

  it("does not take a short digit group after a separator for a second number", () => {
    // A German area code and number split by a slash is one number.
    expect(normalise("030/1234567", { defaultCountry: "DE" }).e164).toBe("+49301234567");
    expect(normalise("030 / 1234567", { defaultCountry: "DE" }).e164).toBe("+49301234567");
    expect(normalise("+44 7911 123456, 12").invalidReason).toBe("not_a_number");
  });
});

describe("normalise: never a different number than the one written", () => {
  it.each([
    ['"4.47911E+11"', undefined, "precision_lost"],
    ["4.47911E+11;", undefined, "precision_lost"],
    ["Phone: 4.48E+11", undefined, "precision_lost"],
    ["Tel: 4.48E+11", undefined, "precision_lost"],
    // Vanity letters would make 4.47911E11 a valid British number: spreadsheet notation is never read as letters.
    ["4.47911E11", "GB", "precision_lost"],
    // One letter stuck to the digits may stand for a digit: neither a label nor vanity.
    ["+44 20 7946 000A", undefined, "not_a_number"],
    ["O7911 123456", "GB", "not_a_number"],
    // Letters in the calling code are no vanity number.
    ["+FLOWERS 800", undefined, "not_a_number"],
    ["+1FLOWERS22", undefined, "not_a_number"],
    // Lower-case letters are a label, never vanity letters.
    ["+1-800-flowers", undefined, "too_short"],
    // A label with a digit in it ("Line 2") is part of what was written.
    ["Line 2: +44 7911 123456", undefined, "not_a_number"],
    ['="4.47911E+11"', undefined, "precision_lost"],
    ["'4.47911e+11", undefined, "precision_lost"],
    // "*" and "#" before a number are a service code that changes what is dialled, not a stray symbol.
    ["*67 202 555 0123", "US", "not_a_number"],
    ["#31#+44 7911 123456", undefined, "not_a_number"],
    ['""', undefined, "empty"],
    ["'", undefined, "empty"],
  ])("%j (default %s) -> %s", (input, country, reason) => {
    const result = normalise(input, { defaultCountry: country });
    expect(result.e164).toBeNull();
    expect(result.invalidReason).toBe(reason);
  });

  it("removes Mexico's 1 only when the number without it is valid", () => {
    const result = normalise("+52 1 55 1234 567");
    expect(result.e164).toBe("+521551234567");
    expect(result.steps).toEqual(["international_plus"]);
    expect(normalise("+52 1 55 1234 56789").invalidReason).toBe("too_long");
  });

  it("refuses the national leading-zero guess after a label as it does without one", () => {
    const clean = normalise("0612345678");
    const labelled = normalise("Tel: 0612345678");
    expect([clean.e164, clean.invalidReason]).toEqual([null, "no_country"]);
    expect([labelled.e164, labelled.invalidReason]).toEqual([null, "no_country"]);
  });
});

describe("messy-cells helpers", () => {
  it("tidyEdges changes no digit and says what it removed, once each", () => {
    expect(tidyEdges("'\"+44 (0)20 7946 0000\"'; ;")).toEqual({
      text: "+44 (0)20 7946 0000",
      steps: ["quotes_removed", "separator_removed"],
    });
    expect(tidyEdges("+44 7911 123456 FLOWERS")).toEqual({ text: "+44 7911 123456 FLOWERS", steps: [] });
  });

  it("vanityDigits maps by the keypad and counts the digits before the letters", () => {
    expect(vanityDigits("+1-800-FLOWERS")).toEqual({ text: "+1-800-3569377", digitsBefore: 4 });
    expect(vanityDigits("+1-800-PQRS-TUV-WXYZ")?.text).toBe("+1-800-7777-888-9999");
    expect(vanityDigits("FLOWERS 800")).toBeNull();
    expect(vanityDigits("+1-800-Flowers")).toBeNull();
    expect(vanityDigits("+1-800-AB")).toBeNull();
  });

  it("holdsSeveralNumbers needs two digit runs of a number's length", () => {
    expect(holdsSeveralNumbers("+44 7911 123456 / 654321")).toBe(true);
    expect(holdsSeveralNumbers("030/1234567")).toBe(false);
    expect(holdsSeveralNumbers("+44 7911 123456")).toBe(false);
  });
});
