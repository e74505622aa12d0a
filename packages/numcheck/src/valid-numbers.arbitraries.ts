/**
 * Valid numbers for property tests (fast-check): every region's example number and numbers near it,
 * written the ways customers write them (other scripts' digits and punctuation, files' decorations,
 * spreadsheets' artefacts); shared by the property tests of normalisation.
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

/** Each region's example number (libphonenumber's, a mobile where the region has one). */
export const EXAMPLES = getCountries()
  .map((region) => getExampleNumber(region, examples))
  .filter((phone): phone is PhoneNumber => phone?.isValid() === true);

/**
 * A valid number near a region's example: its last one to four digits replaced, kept when still
 * valid (so ranges and types beyond the example's own vary), else the example itself.
 */
export function near(example: PhoneNumber, count: number, tail: number): PhoneNumber {
  const nsn = example.nationalNumber;
  const replaced = count === 0 ? nsn : nsn.slice(0, -count) + String(tail).padStart(4, "0").slice(-count);
  try {
    const phone = parsePhoneNumberWithError(`+${example.countryCallingCode}${replaced}`);
    return phone.isValid() ? phone : example;
  } catch {
    return example;
  }
}

export const change = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9999 }));
export const validNumber = fc
  .tuple(fc.constantFrom(...EXAMPLES), change)
  .map(([example, [count, tail]]) => near(example, count, tail));
/** Two valid numbers of one region. */
export const validPair = fc
  .tuple(fc.constantFrom(...EXAMPLES), change, change)
  .map(([example, a, b]) => [near(example, ...a), near(example, ...b)] as const);

/** The ways a clean number is written, with the default country a national one needs. */
export const written = fc
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

/** Where one number ends and the next begins, as customers write it. */
export const JOINERS = [
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

/** The ways customers' files decorate a number: quotes, a broken CSV's separators, labels. */
export const DECORATIONS: ((text: string) => string)[] = [
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

export const decoration = fc.constantFrom(...DECORATIONS.keys());

export const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** The first code point of each run of ten Unicode decimal digits (0 to 9), found by walking Unicode. */
export const ZEROS: number[] = [];
/** Lengths of the contiguous ranges of decimal digits. */
export const RANGE_LENGTHS: number[] = [];
for (let code = 0, start = -1; code <= 0x110000; code++) {
  const isDigit =
    code < 0x110000 && (code < 0xd800 || code > 0xdfff) && DECIMAL_DIGIT.test(String.fromCodePoint(code));
  if (isDigit && start < 0) start = code;
  if (!isDigit && start >= 0) {
    RANGE_LENGTHS.push(code - start);
    for (let zero = start; zero < code; zero += 10) ZEROS.push(zero);
    start = -1;
  }
}
export const ASCII_ZERO = 0x30;
export const FULL_WIDTH_ZERO = 0xff10;

/** Separators between digit groups in other scripts and typographies. */
const SPACES = [" ", "\u00A0", "\u202F", "\u2007", "\u2009", "\u3000"];
const DASHES = [
  "-",
  "\u2010",
  "\u2011",
  "\u2012",
  "\u2013",
  "\u2014",
  "\u2015",
  "\u2212",
  "\uFF0D",
  "\u30FC",
  "\u301C",
];
/** Separators inside one number, in any typography. */
export const IN_NUMBER = [
  ...SPACES,
  ...DASHES,
  ...[".", "\uFF0E", "\u3002", "\uFF61", "\u00B7", "\u30FB"],
  ...["~", "\uFF5E", "\u2053", "\u223C"],
];
/**
 * With slashes too. A slash also separates two numbers: once a cell needs a recovery, digits each
 * side of one are refused as two numbers ("'+229 01 95/12 34 56"), so only clean cells use them.
 */
export const GROUP_SEPARATORS = [...IN_NUMBER, ...["/", "\uFF0F", "\u2215"]];
const PLUSES = ["+", "\uFF0B"];
const BRACKETS: Record<string, string[]> = { "(": ["(", "\uFF08"], ")": [")", "\uFF09"] };

/** Picks from a list by a generated number, so one seed decides a whole cell's choices. */
function pick<T>(list: readonly T[], seed: number, position: number): T {
  return list[(seed * 31 + position * 17) % list.length] as T;
}

/**
 * The text with its digits in the run starting at `zero` (each digit in that run or ASCII when
 * `mixed`), and its spaces, dashes, brackets and plus in another script's typography.
 */
export function localise(
  text: string,
  zero: number,
  seed: number,
  mixed: boolean,
  separators: readonly string[] | null,
): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch >= "0" && ch <= "9") {
      const ascii = mixed && (seed >> (i % 16)) % 2 === 1;
      out += ascii ? ch : String.fromCodePoint(zero + Number(ch));
    } else if (separators === null) out += ch;
    else if (ch === " ") out += pick(separators, seed, i);
    else if (ch === "-") out += pick(DASHES, seed, i);
    else if (ch === "+") out += pick(PLUSES, seed, i);
    else out += BRACKETS[ch] ? pick(BRACKETS[ch] as string[], seed, i) : ch;
  }
  return out;
}

export const script = fc.record({
  // ASCII half the time, so the plain forms stay as well covered as the others.
  zero: fc.oneof(fc.constant(ASCII_ZERO), fc.constantFrom(...ZEROS)),
  seed: fc.nat({ max: 0xffff }),
  mixed: fc.boolean(),
  punctuation: fc.boolean(),
});

/** What spreadsheets leave around a number they export. */
export const ARTEFACTS: ((text: string) => string)[] = [
  (t) => `'${t}`,
  (t) => `="${t}"`,
  // A formula without quotes only when the cell starts as a number does.
  (t) => (/^[+(\d]/.test(t) ? `=${t}` : `="${t}"`),
  (t) => `{${t}}`,
  (t) => `<${t}>`,
  (t) => `【${t}】`,
  (t) => `[${t}]`,
  (t) => `(${t})`,
  (t) => `${t};`,
  (t) => `${t},`,
  (t) => `${t}.`,
  (t) => `${t}*`,
  (t) => `${t}#`,
];
export const artefacts = fc.array(fc.constantFrom(...ARTEFACTS.keys()), { minLength: 1, maxLength: 2 });
export const applyArtefacts = (text: string, chosen: number[]) =>
  chosen.reduce((cell, index) => (ARTEFACTS[index] as (t: string) => string)(cell), text);
export const decorate = (text: string, around: number | undefined) =>
  around === undefined ? text : (DECORATIONS[around] as (t: string) => string)(text);
