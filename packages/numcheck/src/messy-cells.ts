/**
 * Cells as customers' files really hold them: a number with quotes a CSV export kept, a spreadsheet
 * formula or brackets around it, a separator a broken CSV left at its end, a stray "*" or "#", a
 * label before or after it ("Tel: …", "… (mobile)"), vanity letters ("+1-800-FLOWERS"), or two
 * numbers in one cell. These helpers only look at the characters; which reading is accepted is
 * decided in normalise.ts, and only after the plain reading failed, so a clean cell pays nothing
 * for them (docs/architecture.md, "Normalisation").
 *
 * Every pattern here is compiled once, at module load.
 */
import type { NormalisationStep } from "./types";

/** Quotes a spreadsheet or CSV export leaves around a cell (straight, typographic, CJK). */
const QUOTE_CHARS =
  "\"'`\u201C\u201D\u201E\u201F\u2018\u2019\u201A\u201B\u00AB\u00BB\u2039\u203A\u300C\u300D\u300E\u300F";
const QUOTES = new Set([...QUOTE_CHARS]);
/**
 * Field separators a broken CSV leaves at either end (full-width ones were made ASCII before; the
 * Arabic comma and semicolon are right-to-left text's).
 */
const EDGE_SEPARATORS = new Set([..."；;,|:\u3001\u060C\u061B"]);
/**
 * Symbols a cell may end with after a number: a footnote's "*", a dial string's closing "#", a
 * sentence's full stop (after a quote or bracket; after a letter it ends a label, "ext."). Only at
 * the end: before a number "*" and "#" are a service code ("*67", "#31#") that changes what is dialled.
 */
const TRAILING_SYMBOLS = new Set([..."*#"]);
const ONE_LETTER = /^\p{L}$/u;
/** Brackets that may wrap a whole cell ("{…}", "<…>", "【…】"), each opening one with its closing one. */
const WRAPPING_BRACKETS = new Map([
  ["(", ")"],
  ["[", "]"],
  ["{", "}"],
  ["<", ">"],
  ["\u3010", "\u3011"],
  ["\u3014", "\u3015"],
  ["\u3008", "\u3009"],
  ["\u300A", "\u300B"],
  ["\u3016", "\u3017"],
]);
/** A label in brackets at either end, with letters and no digits: "(mobile)", "[work]", "【手机】". */
const LEADING_BRACKET_LABEL = /^[([{\u3010]\s*\p{L}[^\d()[\]{}\u3010\u3011]*[)\]}\u3011]/u;
const TRAILING_BRACKET_LABEL =
  /[([{\u3010][^\d()[\]{}\u3010\u3011]*\p{L}[^\d()[\]{}\u3010\u3011]*[)\]}\u3011]$/u;
/**
 * What a label is made of: words, spaces and the punctuation of "Tel./Fax:", "No.", "№", and the
 * quotes of a quoted number beside it ('Tel: "+44 …"').
 */
const LEADING_LABEL = new RegExp(`^\\p{L}[\\p{L}\\p{M}\\s.,;|:/&#\\u2116\\p{Pd}${QUOTE_CHARS}]*$`, "u");
/** Brackets may hold a label too ("… [office], home"): in a trailing label they are its characters. */
/**
 * Text after the last digit: a space or separator, then a label ("; see notes", " - mobile",
 * " ext."). A letter right after a digit ("000A") is no label: it may stand for a digit.
 */
const TRAILING_LABEL = new RegExp(
  `^[\\s\\p{Pd};,|:./()[\\]{}\u3010\u3011${QUOTE_CHARS}]+\\p{L}[\\p{L}\\p{M}\\s.,;|:/&#\\p{Pd}()[\\]{}\u3010\u3011${QUOTE_CHARS}]*$`,
  "u",
);
const LETTER = /\p{L}/gu;
/** A label is a word: one letter alone ("O7911…", "…000A") is more likely a mistyped digit. */
const LABEL_LETTERS = 2;
/** Letters other than capital A-Z: a text holding any cannot be a vanity number. */
const NOT_VANITY_LETTER = /[^\P{L}A-Z]/u;
const CAPITAL = /[A-Z]/g;
/** Fewer capitals than a word are a typo or a stray letter ("+44 20 7946 000A"), not a vanity number. */
const VANITY_LETTERS = 3;
const DIGIT = /\d/;
/**
 * Where one number ends and the next begins: ; , | / & tab and line breaks (and the Arabic comma
 * and semicolon), "or"/"and" in the product's languages, and a second "+" after a space.
 */
const BETWEEN_NUMBERS =
  /\s*[;,|/&\t\n\r\u3001\u060C\u061B]\s*|\s+(?:or|and|oder|und|ou|o|y|e)\s+|\s*[或和及]\s*|\s+(?=\+)/iu;
/**
 * Digits a part needs to count as a number of its own when looking for two numbers: fewer is a
 * fragment (an extension, a short code, a digit group split by a comma) and decides nothing.
 */
const NUMBER_DIGITS = 6;

/** The phone keypad (ITU E.161). */
const KEYPAD: Record<string, string> = {};
for (const [digit, letters] of Object.entries({
  2: "ABC",
  3: "DEF",
  4: "GHI",
  5: "JKL",
  6: "MNO",
  7: "PQRS",
  8: "TUV",
  9: "WXYZ",
})) {
  for (const letter of letters) KEYPAD[letter] = digit;
}

function firstIndexOf(text: string, test: (ch: string) => boolean): number {
  for (let i = 0; i < text.length; i++) if (test(text[i] as string)) return i;
  return -1;
}

function lastDigitIndex(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) return i;
  }
  return -1;
}

/** The text without any of `chars` (and spaces) at either end. */
function stripEnds(text: string, chars: ReadonlySet<string>): string {
  let start = 0;
  let end = text.length;
  while (start < end && (chars.has(text[start] as string) || text[start] === " ")) start++;
  while (end > start && (chars.has(text[end - 1] as string) || text[end - 1] === " ")) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function withoutTrailingSymbols(text: string): string {
  let end = text.length;
  for (; end > 0; end--) {
    const ch = text[end - 1] as string;
    const symbol = TRAILING_SYMBOLS.has(ch) || (ch === "." && !ONE_LETTER.test(text[end - 2] ?? ""));
    if (!symbol && ch !== " ") break;
  }
  return text.slice(0, end);
}

/**
 * A spreadsheet formula that yields the number as text, the way exports keep a leading zero or a
 * "+": `="+44 7911 123456"`, `="07911123456"`, `=+447911123456`. The text inside, or null.
 */
function formulaText(text: string): string | null {
  if (text[0] !== "=") return null;
  const rest = text.slice(1).trimStart();
  const first = rest[0] ?? "";
  return QUOTES.has(first) || isNumberStart(first) ? stripEnds(rest, QUOTES) : null;
}

/** The text inside brackets that wrap all of it ("{+44 7911 123456}", "【…】"), or null. */
function unwrapped(text: string): string | null {
  const open = text[0] as string;
  const close = WRAPPING_BRACKETS.get(open);
  if (close === undefined || text[text.length - 1] !== close) return null;
  // The opening bracket must close at the end: "(020) 7946 0000 (home)" is not wrapped.
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return null;
  }
  return text.slice(1, -1);
}

function isWord(label: string): boolean {
  return (label.match(LETTER)?.length ?? 0) >= LABEL_LETTERS;
}

function isNumberStart(ch: string): boolean {
  return ch === "+" || ch === "(" || (ch >= "0" && ch <= "9");
}

/** What may surround the number, in the order it is taken off: each gives the text without it, or null. */
const EDGE_STRIPS: [(text: string) => string | null, NormalisationStep][] = [
  [formulaText, "spreadsheet_formula"],
  [(text) => stripEnds(text, QUOTES), "quotes_removed"],
  [(text) => stripEnds(text, EDGE_SEPARATORS), "separator_removed"],
  [withoutTrailingSymbols, "symbol_removed"],
  [unwrapped, "brackets_removed"],
];

/**
 * Strips what surrounds the number and changes no digit: a spreadsheet formula's wrapping, quotes,
 * edge separators, trailing symbols, wrapping brackets, a leading label and a trailing one that
 * cannot be vanity letters (a trailing word in capitals may be either, see `withoutTrailingCapitals`).
 * The steps say what was removed, once each.
 */
export function tidyEdges(input: string): { text: string; steps: NormalisationStep[] } {
  const steps: NormalisationStep[] = [];
  const note = (step: NormalisationStep) => {
    if (!steps.includes(step)) steps.push(step);
  };
  let text = input.trim();
  // Each round removes at least one character, or stops: the cell's length bounds the work.
  for (let rounds = 0; rounds < 16 && text !== ""; rounds++) {
    const before = text;
    let stripped = false;
    for (const [strip, step] of EDGE_STRIPS) {
      const next = strip(text);
      if (next !== null && next !== text) {
        text = next;
        note(step);
        stripped = true;
        break;
      }
    }
    if (!stripped) text = stripLabels(text, note);
    text = text.trim();
    if (text === before) break;
  }
  return { text, steps };
}

function stripLabels(text: string, note: (step: NormalisationStep) => void): string {
  const leadingBracket = LEADING_BRACKET_LABEL.exec(text);
  if (leadingBracket) {
    note("label_removed");
    return text.slice(leadingBracket[0].length);
  }
  const trailingBracket = TRAILING_BRACKET_LABEL.exec(text);
  if (trailingBracket) {
    note("label_removed");
    return text.slice(0, trailingBracket.index);
  }
  // The number may be in brackets after its label ("Tel: <+44 7911 123456>").
  const start = firstIndexOf(text, (ch) => isNumberStart(ch) || WRAPPING_BRACKETS.has(ch));
  if (start > 0) {
    const label = text.slice(0, start);
    // "tel:" right before the number is the RFC 3966 scheme, read as such by the plain reading.
    if (LEADING_LABEL.test(label) && isWord(label) && label.toLowerCase() !== "tel:") {
      note("label_removed");
      return text.slice(start);
    }
  }
  const last = lastDigitIndex(text);
  if (last >= 0 && last < text.length - 1) {
    const tail = text.slice(last + 1);
    // A tail in capitals may be vanity letters ("+1-800-FLOWERS"); that is decided by validity.
    if (TRAILING_LABEL.test(tail) && isWord(tail) && NOT_VANITY_LETTER.test(tail)) {
      note("label_removed");
      return text.slice(0, last + 1);
    }
  }
  return text;
}

/**
 * The text without a trailing label in capital letters ("+44 7911 123456 MOBILE"), when it ends
 * with one; whether the capitals are a label or vanity letters is up to the caller.
 */
export function withoutTrailingCapitals(text: string): string | null {
  const last = lastDigitIndex(text);
  if (last < 0 || last === text.length - 1) return null;
  const tail = text.slice(last + 1);
  return TRAILING_LABEL.test(tail) && isWord(tail) && !NOT_VANITY_LETTER.test(tail)
    ? text.slice(0, last + 1)
    : null;
}

/**
 * Vanity letters turned into keypad digits, or null when the text is no vanity number: letters only
 * capital A-Z, all after the first digit (letters before it are a label). `digitsBefore` is how many
 * digits were written before the first letter, so the caller can tell the letters are in the
 * national part, not the calling code.
 */
export function vanityDigits(text: string): { text: string; digitsBefore: number } | null {
  if (NOT_VANITY_LETTER.test(text) || (text.match(CAPITAL)?.length ?? 0) < VANITY_LETTERS) return null;
  const firstLetter = firstIndexOf(text, (ch) => ch >= "A" && ch <= "Z");
  const head = text.slice(0, firstLetter);
  if (!DIGIT.test(head)) return null;
  let digitsBefore = 0;
  for (const ch of head) if (ch >= "0" && ch <= "9") digitsBefore++;
  let converted = head;
  for (let i = firstLetter; i < text.length; i++) {
    const ch = text[i] as string;
    converted += KEYPAD[ch] ?? ch;
  }
  return { text: converted, digitsBefore };
}

/**
 * True when the cell holds two or more digit runs of at least `minDigits` digits (a number's length)
 * between separators.
 */
export function holdsSeveralNumbers(text: string, minDigits = NUMBER_DIGITS): boolean {
  if (!BETWEEN_NUMBERS.test(text)) return false;
  let numbers = 0;
  for (const part of text.split(BETWEEN_NUMBERS)) {
    let digits = 0;
    for (const ch of part) if (ch >= "0" && ch <= "9") digits++;
    if (digits >= minDigits && ++numbers > 1) return true;
  }
  return false;
}
