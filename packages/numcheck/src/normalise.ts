/**
 * Turn whatever a customer typed, pasted or exported into E.164, and say how (steps) or why not
 * (invalidReason). Never throws: a bulk job must survive any cell of any file.
 *
 * Outcomes:
 * - valid number: e164 set, invalidReason null;
 * - well-formed but not valid for its country (right length, unallocated range): e164 set so the
 *   basic check can still report country and formats, invalidReason "invalid_for_region";
 * - anything else: e164 null and the reason.
 */
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from "libphonenumber-js/max";
import { holdsSeveralNumbers, tidyEdges, vanityDigits, withoutTrailingCapitals } from "./messy-cells";
import { isPossibleNumber, isValidNumber } from "./numbering-plan";
import { repairSpreadsheetNumber } from "./spreadsheet";
import type { InvalidReason, NormalisationStep, Normalised } from "./types";
import { asciiForms, isAscii } from "./written-digits";

export interface NormaliseOptions {
  /** ISO-2 region for numbers written in national format. Unknown regions are ignored. */
  defaultCountry?: string;
}

/** The normalised form plus the parsed number, so the basic check does not parse twice. */
export interface NormaliseOutcome {
  normalised: Normalised;
  phone: PhoneNumber | null;
}

/** Longer than any phone number with any formatting: refuse before doing regex work on it. */
const MAX_INPUT_LENGTH = 256;
/** E.164 allows 15 digits; a few more leave room for national trunk and IDD prefixes. */
const MAX_DIGITS = 20;

/**
 * Separators people put between digit groups, as libphonenumber takes them: spaces (no-break ones
 * too), dashes (any Unicode dash, the minus sign, the katakana long-vowel mark used as one), tildes
 * and swung dashes, dots (the ideographic full stop and middle dots too), brackets and slashes.
 */
const SEPARATORS =
  /[\s\p{Pd}\u2212\u30FC~\u2053\u223C.\u3002\uFF61\u00B7\u2024\u30FB\uFF65()[\]/\u2044\u2215]/gu;
/**
 * Mexico dialled mobiles with a 1 after +52 (and 044/045 before the 10 digits nationally) until
 * 2019; libphonenumber no longer knows either, so "+52 1 55 1234 5678" would be too long.
 */
const MEXICO_OLD_MOBILE_INTERNATIONAL = /^521\d{10}$/;
const MEXICO_OLD_MOBILE_NATIONAL = /^04[45]\d{10}$/;
/**
 * Digits each side of a separator that keep a lost "+" from being guessed: a short national number
 * (Niue, Ascension: 4 or 5 digits) is a number of its own there.
 */
const GUESS_DIGITS = 4;
/** Extension at the end: ";ext=123" (RFC 3966), "ext. 123", "extension 123", "x123", "#123". */
const EXTENSION = /(?:;ext=|[\s,]*(?:extension|ext\.?|x\.?|#)[\s:.]*)(\d{1,10})#?$/i;

export function normalise(input: string, options?: NormaliseOptions): Normalised {
  return normaliseWithPhone(input, options).normalised;
}

export function normaliseWithPhone(input: string, options?: NormaliseOptions): NormaliseOutcome {
  const original = typeof input === "string" ? input : String(input);
  try {
    return run(original, options);
  } catch {
    // Every known failure is handled below; this is the last guard of "never throws".
    return fail(original, [], null, "unknown");
  }
}

function run(input: string, options: NormaliseOptions | undefined): NormaliseOutcome {
  const steps: NormalisationStep[] = [];
  if (input.length > MAX_INPUT_LENGTH) return fail(input, steps, null, "too_long");

  let text = input;
  // The common cell is ASCII and skips the Unicode work.
  if (!isAscii(text)) {
    const ascii = asciiForms(text);
    steps.push(...ascii.steps);
    text = ascii.text;
  }
  const trimmed = text.trim();
  if (trimmed !== text && !steps.includes("trimmed")) steps.push("trimmed");
  text = trimmed;
  if (text === "") return fail(input, steps, null, "empty");

  const plain = read(input, text, steps, options);
  // A clean cell stops here: the recoveries below run only when the plain reading has no number.
  if (plain.normalised.e164 !== null) {
    // A lost "+" is a guess, and the digits of two numbers between "/" can make one that is valid
    // ("888 4012 / 888 4012" is +888 40128884012): a guess is not made across two numbers.
    if (plain.normalised.steps.includes("restored_plus") && holdsSeveralNumbers(text, GUESS_DIGITS)) {
      return fail(input, steps, null, "multiple_numbers");
    }
    return plain;
  }
  return recover(input, text, steps, options, plain);
}

/** The cell as written: a scheme, an extension, spreadsheet notation, then the number's readings. */
function read(
  input: string,
  cell: string,
  stepsBefore: readonly NormalisationStep[],
  options: NormaliseOptions | undefined,
): NormaliseOutcome {
  const steps = [...stepsBefore];
  let text = cell;
  // RFC 3966 URIs ("tel:+44...") carry the number after the scheme; with a space after it, "Tel:"
  // was a label.
  if (/^tel:/i.test(text)) {
    const rest = text.slice(4).trimStart();
    if (rest.length < text.length - 4 && !steps.includes("label_removed")) steps.push("label_removed");
    text = rest;
  }

  let extension: string | null = null;
  const ext = EXTENSION.exec(text);
  if (ext && ext.index > 0) {
    extension = ext[1] ?? null;
    text = text.slice(0, ext.index).trim();
    steps.push("extension_removed");
  }

  const repaired = repairSpreadsheetNumber(text);
  if (repaired) {
    if (!repaired.ok) return fail(input, [...steps, "spreadsheet_scientific"], extension, repaired.reason);
    steps.push(repaired.step);
    text = repaired.digits;
  }

  const compact = text.replace(SEPARATORS, "");
  if (!/^\+?\d+$/.test(compact)) return fail(input, steps, extension, "not_a_number");
  const plus = compact.startsWith("+");
  const digits = plus ? compact.slice(1) : compact;
  if (digits.length > MAX_DIGITS) return fail(input, steps, extension, "too_long");

  const defaultCountry = supportedCountry(options?.defaultCountry);
  const ctx: Context = { input, steps, extension };

  if (plus) return international(ctx, digits, "international_plus");
  if (digits.startsWith("00")) return international(ctx, digits.slice(2), "international_00");
  if (defaultCountry) return national(ctx, digits, defaultCountry);

  // No +, no 00 and no default country: the + may have been lost (a spreadsheet treats
  // "+447911123456" as the number 447911123456). Accept that reading only when it is valid;
  // otherwise we cannot know the country.
  const asInternational = tryParse(`+${digits}`);
  if (isValidNumber(asInternational.phone)) {
    return accept(ctx, asInternational.phone, ["restored_plus"], null, digits);
  }
  return fail(input, steps, extension, "no_country");
}

/**
 * A cell whose plain reading found no number, as customers' files hold them (messy-cells.ts): two
 * numbers are refused; quotes, edge separators and labels are removed; capitals after the digits
 * are a label or vanity letters, whichever reading alone gives a valid number. No recovery adds,
 * drops or reorders a digit that was written, and spreadsheet notation is never recovered from
 * (its lost digits stay lost).
 */
function recover(
  input: string,
  text: string,
  steps: NormalisationStep[],
  options: NormaliseOptions | undefined,
  plain: NormaliseOutcome,
): NormaliseOutcome {
  if (plain.normalised.steps.includes("spreadsheet_scientific")) return plain;
  if (holdsSeveralNumbers(text)) return fail(input, steps, null, "multiple_numbers");

  const tidy = tidyEdges(text);
  if (tidy.text === "") return fail(input, [...steps, ...tidy.steps], null, "empty");
  const tidied = tidy.text === text ? plain : read(input, tidy.text, [...steps, ...tidy.steps], options);
  if (tidied.normalised.e164 !== null || tidied.normalised.steps.includes("spreadsheet_scientific")) {
    return tidied;
  }

  const stepsSoFar = [...steps, ...tidy.steps];
  const unlabelled = withoutTrailingCapitals(tidy.text);
  const asLabel =
    unlabelled === null ? null : read(input, unlabelled, [...stepsSoFar, "label_removed"], options);
  const asVanity = vanityReading(input, tidy.text, stepsSoFar, options);
  const labelValid = asLabel?.normalised.invalidReason === null;
  const vanityValid = asVanity?.normalised.invalidReason === null;
  if (labelValid && vanityValid) {
    // Both readings are numbers, different ones: which was written cannot be told.
    return asLabel?.normalised.e164 === asVanity?.normalised.e164 ? (asLabel as NormaliseOutcome) : tidied;
  }
  if (labelValid) return asLabel as NormaliseOutcome;
  if (vanityValid) return asVanity as NormaliseOutcome;
  // A label after a well-formed number of an unallocated range still tells about that number.
  if (asLabel?.normalised.e164 && !asVanity?.normalised.e164) return asLabel;
  return tidied;
}

/**
 * Vanity letters by the keypad, kept only when the number is valid and the letters are all in its
 * national part (after the calling code as written).
 */
function vanityReading(
  input: string,
  text: string,
  steps: NormalisationStep[],
  options: NormaliseOptions | undefined,
): NormaliseOutcome | null {
  const vanity = vanityDigits(text);
  if (!vanity) return null;
  const outcome = read(input, vanity.text, [...steps, "vanity_letters"], options);
  const { e164, invalidReason } = outcome.normalised;
  if (e164 === null || invalidReason !== null || !outcome.phone) return null;
  const readingSteps = outcome.normalised.steps;
  const codeWritten =
    readingSteps.includes("international_plus") ||
    readingSteps.includes("international_00") ||
    readingSteps.includes("restored_plus");
  if (codeWritten) {
    // "00" or "+" before the calling code: the + is no digit, the 00 two.
    const prefix = readingSteps.includes("international_00") ? 2 : 0;
    if (vanity.digitsBefore - prefix < outcome.phone.countryCallingCode.length) return null;
  }
  return outcome;
}

interface Context {
  input: string;
  steps: NormalisationStep[];
  extension: string | null;
}

/** The input had an explicit international prefix: the digits start with the calling code. */
function international(ctx: Context, digits: string, step: NormalisationStep): NormaliseOutcome {
  const parsed = tryParse(`+${digits}`);
  // The cheap test first: a clean international number must not pay a second validation.
  if (MEXICO_OLD_MOBILE_INTERNATIONAL.test(digits) && !isValidNumber(parsed.phone)) {
    const withoutOne = `52${digits.slice(3)}`;
    const mobile = tryParse(`+${withoutOne}`);
    if (isValidNumber(mobile.phone))
      return accept(ctx, mobile.phone, [step, "mexico_mobile_prefix"], null, withoutOne);
  }
  if (!parsed.phone) return fail(ctx.input, [...ctx.steps, step], ctx.extension, parsed.reason);
  return accept(ctx, parsed.phone, [step], null, digits);
}

/**
 * National format with a default country. Readings, first valid wins:
 * 1. as written in the default country (trunk prefix "0"/"1" stripped by libphonenumber);
 * 2. a lost "+": the digits already start with a calling code (e.g. 447911123456);
 * 3. a lost leading "0" (Excel drops it: 0612345678 -> 612345678 in Italy).
 * If none is valid, report reading 1 (the one the customer asked for).
 */
function national(ctx: Context, digits: string, country: CountryCode): NormaliseOutcome {
  const asNational = tryParse(digits, country);
  if (isValidNumber(asNational.phone)) return acceptNational(ctx, asNational.phone, digits, country);

  if (country === "MX" && MEXICO_OLD_MOBILE_NATIONAL.test(digits)) {
    const mobile = tryParse(digits.slice(3), country);
    if (isValidNumber(mobile.phone)) {
      return accept(ctx, mobile.phone, ["default_country", "mexico_mobile_prefix"], country, digits.slice(3));
    }
  }

  const asInternational = tryParse(`+${digits}`);
  if (isValidNumber(asInternational.phone)) {
    return accept(ctx, asInternational.phone, ["restored_plus"], null, digits);
  }

  if (!digits.startsWith("0")) {
    const withZero = tryParse(`0${digits}`, country);
    if (isValidNumber(withZero.phone)) {
      return accept(ctx, withZero.phone, ["default_country", "restored_leading_zero"], country, `0${digits}`);
    }
  }

  if (!asNational.phone) {
    return fail(ctx.input, [...ctx.steps, "default_country"], ctx.extension, asNational.reason);
  }
  return acceptNational(ctx, asNational.phone, digits, country);
}

function acceptNational(ctx: Context, phone: PhoneNumber, digits: string, country: CountryCode) {
  const ownCode = getCountryCallingCode(country);
  const withCode = `${phone.countryCallingCode}${phone.nationalNumber}`;
  // libphonenumber also recognises the default country's own international prefix ("011" in the
  // US) and a calling code written without "+" ("44 7911..." in GB). Neither reading was decided
  // by the default country, so report them as what they are. (In NANP the trunk prefix is "1",
  // the calling code too: "1 201 555 0123" stays a national number with its trunk prefix.)
  if (phone.countryCallingCode !== ownCode) {
    return accept(ctx, phone, [digits === withCode ? "restored_plus" : "international_00"], null, withCode);
  }
  if (digits === withCode && ownCode !== "1") {
    return accept(ctx, phone, ["restored_plus"], null, digits);
  }
  return accept(ctx, phone, ["default_country"], country, digits);
}

/**
 * Build the result from a parsed number. `written` are the digits the reading started from; when
 * the national significant number is shorter, a trunk prefix (0, 1, "(0)" after +44...) was dropped.
 */
function accept(
  ctx: Context,
  phone: PhoneNumber,
  readingSteps: NormalisationStep[],
  defaultCountryUsed: string | null,
  written: string,
): NormaliseOutcome {
  const steps = [...ctx.steps, ...readingSteps];
  const afterCode = readingSteps.includes("default_country")
    ? written
    : written.slice(phone.countryCallingCode.length);
  if (afterCode.length > phone.nationalNumber.length && afterCode.endsWith(phone.nationalNumber)) {
    steps.push("national_trunk_prefix");
  }
  if (!isPossibleNumber(phone)) {
    return fail(ctx.input, steps, ctx.extension, lengthReason(phone), defaultCountryUsed);
  }
  const e164 = phone.number as string;
  const isValid = isValidNumber(phone);
  if (!isValid) {
    // A well-formed but invalid number keeps its E.164 only if that E.164 reads back as itself.
    // Not so for local-only lengths (NANP 7-digit "possible" numbers) or digits a national reading
    // kept that an international one strips: those are no E.164 at all.
    const reread = tryParse(e164);
    if (reread.phone?.number !== e164 || !isPossibleNumber(reread.phone)) {
      return fail(ctx.input, steps, ctx.extension, lengthReason(phone), defaultCountryUsed);
    }
  }
  const normalised: Normalised = {
    input: ctx.input,
    e164,
    defaultCountryUsed,
    steps,
    extension: ctx.extension,
    invalidReason: isValid ? null : "invalid_for_region",
  };
  return { normalised, phone };
}

/** Why a parsed number is not possible, from the region's possible lengths. */
function lengthReason(phone: PhoneNumber): InvalidReason {
  const verdict = validatePhoneNumberLength(phone.number as string);
  return verdict === "TOO_SHORT" ? "too_short" : verdict === "TOO_LONG" ? "too_long" : "invalid_for_region";
}

const PARSE_REASONS: Record<string, InvalidReason> = {
  NOT_A_NUMBER: "not_a_number",
  INVALID_COUNTRY: "invalid_country_code",
  TOO_SHORT: "too_short",
  TOO_LONG: "too_long",
  INVALID_LENGTH: "invalid_for_region",
};

function tryParse(
  text: string,
  country?: CountryCode,
): { phone: PhoneNumber; reason: null } | { phone: null; reason: InvalidReason } {
  try {
    return { phone: parsePhoneNumberWithError(text, country), reason: null };
  } catch (error) {
    const code = error instanceof Error ? error.message : "";
    return { phone: null, reason: PARSE_REASONS[code] ?? "unknown" };
  }
}

function supportedCountry(code: string | undefined): CountryCode | null {
  if (typeof code !== "string") return null;
  const upper = code.trim().toUpperCase();
  return isSupportedCountry(upper) ? (upper as CountryCode) : null;
}

function fail(
  input: string,
  steps: NormalisationStep[],
  extension: string | null,
  reason: InvalidReason,
  defaultCountryUsed: string | null = null,
): NormaliseOutcome {
  return {
    normalised: { input, e164: null, defaultCountryUsed, steps, extension, invalidReason: reason },
    phone: null,
  };
}
