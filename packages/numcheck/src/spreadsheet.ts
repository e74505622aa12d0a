/**
 * Numbers mangled by spreadsheets. Excel and LibreOffice store a long digit string as a number and
 * may write it back in scientific notation: 447911123456 -> "4.47911123456E+11" (lossless, the
 * mantissa holds every digit) or, in a narrow or "0.00E+00" cell, "4.48E+11" (digits rounded away).
 * We expand only the lossless form; a rounded one cannot be repaired and must not be guessed.
 */
const SCIENTIFIC = /^(\d)(?:[.,](\d+))?e\+?(\d{1,2})$/i;

export type SpreadsheetRepair =
  | { ok: true; digits: string }
  | { ok: false; reason: "precision_lost" | "not_a_number" };

/** null when the text is not scientific notation at all. */
export function repairSpreadsheetNumber(text: string): SpreadsheetRepair | null {
  const match = SCIENTIFIC.exec(text);
  if (!match) return null;
  const lead = match[1] ?? "";
  const fraction = match[2] ?? "";
  const exponent = Number(match[3]);
  if (lead === "0") return { ok: false, reason: "not_a_number" };
  // More fraction digits than the exponent shifts: not a whole number, so not a phone number.
  if (fraction.length > exponent) return { ok: false, reason: "not_a_number" };
  // Fewer: the expanded number would end in zeros the spreadsheet made up (too few significant
  // digits). A genuine trailing 0 is indistinguishable from rounding, so refuse both.
  if (fraction.length < exponent) return { ok: false, reason: "precision_lost" };
  return { ok: true, digits: lead + fraction };
}
