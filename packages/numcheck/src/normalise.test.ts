import { describe, expect, it } from "vitest";
import { normalise } from "./normalise";

describe("normalise: formats", () => {
  it.each([
    ["+44 7400 123456", undefined, "+447400123456", ["international_plus"]],
    ["0044 7400 123456", undefined, "+447400123456", ["international_00"]],
    ["07400 123456", "GB", "+447400123456", ["default_country", "national_trunk_prefix"]],
    ["(020) 7946-0000", "GB", "+442079460000", ["default_country", "national_trunk_prefix"]],
    ["020.7946.0000", "gb", "+442079460000", ["default_country", "national_trunk_prefix"]],
    ["+44 (0)20 7946 0000", undefined, "+442079460000", ["international_plus", "national_trunk_prefix"]],
    ["1 201 555 0123", "US", "+12015550123", ["default_country", "national_trunk_prefix"]],
    ["(201) 555-0123", "US", "+12015550123", ["default_country"]],
    ["011 44 20 7946 0000", "US", "+442079460000", ["international_00"]],
    ["+86 138-0013-8000", undefined, "+8613800138000", ["international_plus"]],
    ["138 0013 8000", "CN", "+8613800138000", ["default_country"]],
    ["tel:+1-201-555-0123", undefined, "+12015550123", ["international_plus"]],
    ["  +34 612 34 56 78\u200b ", undefined, "+34612345678", ["trimmed", "international_plus"]],
    ["+34\u2013612\u2013345\u2013678", undefined, "+34612345678", ["international_plus"]],
  ])("%s (default %s) -> %s", (input, country, e164, steps) => {
    const result = normalise(input, { defaultCountry: country });
    expect(result.e164).toBe(e164);
    expect(result.steps).toEqual(steps);
    expect(result.invalidReason).toBeNull();
  });

  it("reports the default country only when it decided the country", () => {
    expect(normalise("07400 123456", { defaultCountry: "GB" }).defaultCountryUsed).toBe("GB");
    expect(normalise("+33 6 12 34 56 78", { defaultCountry: "GB" }).defaultCountryUsed).toBeNull();
    expect(normalise("0033 6 12 34 56 78", { defaultCountry: "GB" }).e164).toBe("+33612345678");
  });

  it("ignores an unknown default country instead of failing", () => {
    expect(normalise("07400 123456", { defaultCountry: "ZZ" }).invalidReason).toBe("no_country");
    expect(normalise("+447400123456", { defaultCountry: "nonsense" }).e164).toBe("+447400123456");
  });
});

describe("normalise: extensions", () => {
  it.each([
    ["+44 20 7946 0000 ext. 123", "123"],
    ["+44 20 7946 0000 ext 123", "123"],
    ["+44 20 7946 0000 extension 7", "7"],
    ["+44 20 7946 0000 x55", "55"],
    ["+44 20 7946 0000 X 55", "55"],
    ["+44 20 7946 0000 #9", "9"],
    ["+44 20 7946 0000;ext=4321", "4321"],
    ["tel:+44-20-7946-0000;ext=4321", "4321"],
  ])("%s", (input, extension) => {
    const result = normalise(input);
    expect(result.e164).toBe("+442079460000");
    expect(result.extension).toBe(extension);
    expect(result.steps).toContain("extension_removed");
  });
});

describe("normalise: full-width input", () => {
  it("converts full-width digits and plus", () => {
    const result = normalise("＋８６　１３８　００１３　８０００");
    expect(result.e164).toBe("+8613800138000");
    expect(result.steps).toEqual(["full_width_digits", "trimmed", "international_plus"]);
  });
  it("converts full-width national numbers and brackets", () => {
    expect(normalise("（０２０）７９４６－００００", { defaultCountry: "GB" }).e164).toBe("+442079460000");
  });
});

describe("normalise: digits and punctuation of any script", () => {
  it.each([
    ["+٤٤ ٧٩١١ ١٢٣٤٥٦", undefined, "+447911123456", ["local_digits", "international_plus"]],
    ["۰۷۹۱۱ ۱۲۳۴۵۶", "GB", "+447911123456", ["local_digits", "default_country", "national_trunk_prefix"]],
    ["+९१ ९८७६५ ४३२१०", undefined, "+919876543210", ["local_digits", "international_plus"]],
    ["০১৭১১-১২৩৪৫৬", "BD", "+8801711123456", ["local_digits", "default_country", "national_trunk_prefix"]],
    ["๐๘๑ ๒๓๔ ๕๖๗๘", "TH", "+66812345678", ["local_digits", "default_country", "national_trunk_prefix"]],
    // Mathematical digits lie beyond the 16-bit range; one cell may mix scripts.
    ["𝟎𝟕𝟗𝟏𝟏 𝟏𝟐𝟑𝟒𝟓𝟔", "GB", "+447911123456", ["local_digits", "default_country", "national_trunk_prefix"]],
    ["+44 ٧٩١١ 123456", undefined, "+447911123456", ["local_digits", "international_plus"]],
    // Right-to-left marks around Arabic digits are invisible.
    [
      "\u200F+٤٤ ٧٩١١ ١٢٣٤٥٦\u061C",
      undefined,
      "+447911123456",
      ["local_digits", "trimmed", "international_plus"],
    ],
    // No-break and narrow spaces, every dash, the katakana long-vowel mark, dots, tildes.
    ["+44\u00A07911\u202F123456", undefined, "+447911123456", ["international_plus"]],
    ["+44\u20117911\u2014123456", undefined, "+447911123456", ["international_plus"]],
    ["03ー1234ー5678", "JP", "+81312345678", ["default_country", "national_trunk_prefix"]],
    ["03〜1234〜5678", "JP", "+81312345678", ["default_country", "national_trunk_prefix"]],
    ["+44。7911·123456", undefined, "+447911123456", ["international_plus"]],
    [
      "＋４４（０）２０－７９４６－００００",
      undefined,
      "+442079460000",
      ["full_width_digits", "international_plus", "national_trunk_prefix"],
    ],
  ])("%j (default %s) -> %s %j", (input, country, e164, steps) => {
    const result = normalise(input, { defaultCountry: country });
    expect(result.e164).toBe(e164);
    expect(result.steps).toEqual(steps);
    expect(result.invalidReason).toBeNull();
  });

  it("reads no digit from characters that are numbers but not decimal digits", () => {
    // Superscripts and circled numbers (Unicode No) are not digits to libphonenumber either.
    expect(normalise("+44 7911 12345⁶").invalidReason).toBe("not_a_number");
    expect(normalise("+44 7911 12345⑥").invalidReason).toBe("not_a_number");
  });
});

describe("normalise: spreadsheet damage", () => {
  it("expands lossless scientific notation (lost + as well)", () => {
    const result = normalise("4.47400123456E+11");
    expect(result.e164).toBe("+447400123456");
    expect(result.steps).toEqual(["spreadsheet_scientific", "restored_plus"]);
  });
  it("accepts lower-case e, no + in the exponent and a decimal comma", () => {
    expect(normalise("4.47400123456e11").e164).toBe("+447400123456");
    expect(normalise("4,47400123456E+11").e164).toBe("+447400123456");
  });
  it("expands scientific national numbers with a default country", () => {
    const result = normalise("7.400123456E+9", { defaultCountry: "GB" });
    expect(result.e164).toBe("+447400123456");
    expect(result.steps).toEqual(["spreadsheet_scientific", "default_country"]);
  });
  it.each(["4.41E+11", "4.47400123E+11", "8.61380013800E+12", "1E+10"])(
    "refuses %s: digits were rounded away",
    (input) => {
      const result = normalise(input);
      expect(result.e164).toBeNull();
      expect(result.invalidReason).toBe("precision_lost");
      expect(result.steps).toContain("spreadsheet_scientific");
    },
  );
  it("reads the zero decimals a spreadsheet writes after a number stored as a float", () => {
    const result = normalise("447911123456.0");
    expect(result.e164).toBe("+447911123456");
    expect(result.steps).toEqual(["spreadsheet_decimal", "restored_plus"]);
    expect(normalise("7911123456,00", { defaultCountry: "GB" }).steps).toEqual([
      "spreadsheet_decimal",
      "default_country",
    ]);
    expect(normalise("[٤٤٧٩١١١٢٣٤٥٦.٠].").e164).toBe("+447911123456");
  });
  it("never reads a float's zero decimals as a digit ('2025550123.0' is no Egyptian number)", () => {
    const result = normalise("2025550123.0", { defaultCountry: "US" });
    expect(result.e164).toBe("+12025550123");
    expect(result.steps).toEqual(["spreadsheet_decimal", "default_country"]);
  });
  it("expands a mantissa with a fixed number of decimals when the extra ones are zeros", () => {
    const result = normalise("4.479111234560000000e+11");
    expect(result.e164).toBe("+447911123456");
    expect(result.steps).toEqual(["spreadsheet_scientific", "restored_plus"]);
    expect(normalise("4.479111234560000001e+11").invalidReason).toBe("not_a_number");
  });
  it.each(["4.4207946e+11", "4.47911e+11", "٤٫٤٧٩١١E+١١".replace("٫", "."), "4.47911E+11."])(
    "refuses %s: its zeros may be digits or rounding",
    (input) => {
      const result = normalise(input);
      expect(result.e164).toBeNull();
      expect(result.invalidReason).toBe("precision_lost");
    },
  );
  it("refuses a non-integer mantissa", () => {
    expect(normalise("4.474001234567E+11").invalidReason).toBe("not_a_number");
  });
  it("restores a lost + without a default country", () => {
    const result = normalise("447400123456");
    expect(result.e164).toBe("+447400123456");
    expect(result.steps).toEqual(["restored_plus"]);
    expect(result.defaultCountryUsed).toBeNull();
  });
  it("restores a lost + even with a default country when only that reading is valid", () => {
    expect(normalise("447400123456", { defaultCountry: "GB" }).steps).toEqual(["restored_plus"]);
    expect(normalise("8613800138000", { defaultCountry: "GB" }).e164).toBe("+8613800138000");
    expect(normalise("5511961234567", { defaultCountry: "ES" }).steps).toEqual(["restored_plus"]);
  });
  it("restores a lost leading 0 where the 0 belongs to the number (Italian fixed lines)", () => {
    const result = normalise("612345678", { defaultCountry: "IT" });
    expect(result.e164).toBe("+390612345678");
    expect(result.steps).toEqual(["default_country", "restored_leading_zero"]);
  });
  it("accepts a lost trunk 0 (the national significant number is what remains)", () => {
    expect(normalise("7400123456", { defaultCountry: "GB" }).e164).toBe("+447400123456");
    expect(normalise("612345678", { defaultCountry: "FR" }).e164).toBe("+33612345678");
  });
  it("does not guess a country for a national number without a default country", () => {
    const result = normalise("07400123456");
    expect(result.e164).toBeNull();
    expect(result.invalidReason).toBe("no_country");
  });
});

describe("normalise: invalid reasons", () => {
  it.each([
    ["", undefined, "empty"],
    ["   \t ", undefined, "empty"],
    ["\u200b", undefined, "empty"],
    ["hello", undefined, "not_a_number"],
    ["+44 20 7946 000A", undefined, "not_a_number"],
    ["+", undefined, "not_a_number"],
    ["44+20", undefined, "not_a_number"],
    ["+44 12", undefined, "too_short"],
    ["123", "GB", "too_short"],
    ["+44 7400 1234567890", undefined, "too_long"],
    ["+1 201 555 0123 4567 8901 2345", undefined, "too_long"],
    ["9".repeat(300), undefined, "too_long"],
    ["+999 1234567", undefined, "invalid_country_code"],
    ["00999 1234567", undefined, "invalid_country_code"],
    ["0612345678", undefined, "no_country"],
    ["+44 7700 900123", undefined, "invalid_for_region"],
    ["+1 555 555 0123", undefined, "invalid_for_region"],
  ])("%j (default %s) -> %s", (input, country, reason) => {
    expect(normalise(input, { defaultCountry: country }).invalidReason).toBe(reason);
  });

  it("keeps a well-formed but invalid number's E.164 so the check can report on it", () => {
    expect(normalise("+44 7700 900123").e164).toBe("+447700900123");
  });

  it("never throws on non-string input smuggled past the type", () => {
    expect(normalise(undefined as unknown as string).invalidReason).toBe("not_a_number");
    expect(normalise(12345 as unknown as string).invalidReason).not.toBeNull();
  });
});
