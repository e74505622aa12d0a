/**
 * Numbers mangled by spreadsheets. Excel and LibreOffice store a long digit string as a number and
 * may write it back in scientific notation: 447911123456 -> "4.47911123456E+11" (lossless, the
 * mantissa holds every digit) or, in a narrow or "0.00E+00" cell, "4.48E+11" (digits rounded away).
 * We expand only the lossless form; a rounded one cannot be repaired and must not be guessed.
 * A number stored as a float may also come back with decimals: "447911123456.0" (pandas, a float
 * column), "447911123456.00" (a "0.00" cell), a decimal comma in some locales. Read as digit groups,
 * those zeros would be digits of the number ("2025550123.0" would be +20 2 5550 1230 in Egypt).
 *
 * Both notations, the whole cell, in one pass (a clean "+44 …" cell fails at its first character):
 * - group 1: a whole number with one or two zero decimals, as a float is written: no "+" and no
 *   leading zero (a float has neither; a cell with one is text, its dots separators), at least six
 *   digits as a phone number has;
 * - groups 2-4: scientific notation, lead digit, fraction and exponent.
 * Brackets around it and a full stop after it, separators to the plain reading, are no digit
 * groups: "[447911123456.0]." is still a float.
 */
const NOTATION = /^[\s([]*(?:([1-9]\d{5,})[.,]0{1,2}|(\d)(?:[.,](\d+))?e\+?(\d{1,2}))[\s)\].]*$/i;
const ZEROS = /^0*$/;

export type SpreadsheetRepair =
  | { ok: true; digits: string; step: "spreadsheet_scientific" | "spreadsheet_decimal" }
  | { ok: false; reason: "precision_lost" | "not_a_number" };

/** null when the text is not a spreadsheet's number notation at all. */
export function repairSpreadsheetNumber(text: string): SpreadsheetRepair | null {
  const match = NOTATION.exec(text);
  if (!match) return null;
  if (match[1] !== undefined) return { ok: true, digits: match[1], step: "spreadsheet_decimal" };
  const lead = match[2] ?? "";
  const fraction = match[3] ?? "";
  const exponent = Number(match[4]);
  if (lead === "0") return { ok: false, reason: "not_a_number" };
  // More fraction digits than the exponent shifts: a whole number only when the extra digits are
  // zeros (a fixed number of decimals, as "%.18e" writes: "4.479111234560000000e+11").
  if (fraction.length > exponent) {
    if (!ZEROS.test(fraction.slice(exponent))) return { ok: false, reason: "not_a_number" };
    return { ok: true, digits: lead + fraction.slice(0, exponent), step: "spreadsheet_scientific" };
  }
  // Fewer: the expanded number would end in zeros the spreadsheet made up (too few significant
  // digits). A genuine trailing 0 is indistinguishable from rounding, so refuse both: "4.4207946e+11"
  // may be 442079460000 or 442079461234 rounded.
  if (fraction.length < exponent) return { ok: false, reason: "precision_lost" };
  return { ok: true, digits: lead + fraction, step: "spreadsheet_scientific" };
}
