/**
 * Digits and punctuation in whatever script a number was typed or pasted in, made ASCII before it is
 * read: every Unicode decimal digit (general category Nd: Arabic-Indic, Persian, Devanagari, Bengali,
 * Thai, full-width…), as libphonenumber accepts them, full-width punctuation, and the invisible marks
 * right-to-left text and copy-paste leave (docs/architecture.md, "Normalisation"). No digit's value
 * changes: each becomes the ASCII digit of the same value.
 *
 * Only a cell with a non-ASCII character pays for this (docs/performance.md, "Engine (basic check)").
 */
import type { NormalisationStep } from "./types";

const NON_ASCII = /[\u0080-\uFFFF]/;
/** Full-width ASCII (digits U+FF10-FF19, plus U+FF0B, brackets, dashes, letters for "ext"). */
const FULL_WIDTH = /[\uFF01-\uFF5E]/g;
/** Decimal digits of any other script (full-width ones are ASCII by then). */
const OTHER_DIGITS = /[^\P{Nd}0-9]/gu;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
/**
 * Zero-width and direction marks that copy-paste, spreadsheets and right-to-left text leave around
 * numbers (the Arabic letter mark, isolates, embeddings), and the soft hyphen.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u061C\u180E\uFEFF\u00AD]/g;
const IDEOGRAPHIC_SPACE = /\u3000/g;

/** The ASCII digit of each non-ASCII digit met so far. */
const asciiDigits = new Map<string, string>();

/**
 * The ASCII digit of a Unicode decimal digit. Unicode's stability policy puts every Nd digit in a
 * run of ten contiguous code points valued 0 to 9, so the digit's value is its distance from the
 * start of the contiguous Nd range holding it, modulo ten (runs may abut: the mathematical digits
 * are five runs in a row).
 */
function asciiDigit(digit: string): string {
  let ascii = asciiDigits.get(digit);
  if (ascii === undefined) {
    const code = digit.codePointAt(0) as number;
    let start = code;
    while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
    ascii = String((code - start) % 10);
    asciiDigits.set(digit, ascii);
  }
  return ascii;
}

export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/**
 * The text with full-width characters and other scripts' digits made ASCII, invisible marks removed
 * and the ideographic space made a space; the steps say which happened ("trimmed" for the last two,
 * as for the edges' spaces). For a text with a non-ASCII character only: an ASCII one has none of these.
 */
export function asciiForms(text: string): { text: string; steps: NormalisationStep[] } {
  const steps: NormalisationStep[] = [];
  const widened = text.replace(FULL_WIDTH, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0));
  if (widened !== text) steps.push("full_width_digits");
  const digits = widened.replace(OTHER_DIGITS, asciiDigit);
  if (digits !== widened) steps.push("local_digits");
  const visible = digits.replace(INVISIBLE, "").replace(IDEOGRAPHIC_SPACE, " ");
  if (visible !== digits) steps.push("trimmed");
  return { text: visible, steps };
}
