/**
 * libphonenumber-js's validation, number type and formatting, with each numbering plan's patterns
 * compiled once per process instead of on every call.
 *
 * Why: the library builds a `new RegExp('^(?:' + pattern + ')$')` and a fresh `Metadata` object for
 * every pattern it tests, and `isValid()` is `getType() !== undefined`, so one basic check used to
 * work out the type three times and compile each format's patterns twice. That was half the engine's
 * time (docs/performance.md, "Engine (basic check)"). The logic below follows the library's own
 * functions line by line (helpers/getNumberType.js, isValid.js, format.js and
 * helpers/formatNationalNumberUsingFormat.js of the pinned version) and reads the same metadata
 * through the library's own Metadata class, so the answers are the library's; the answers test
 * (answers.test.ts) and bench/answers.ts over a million inputs hold them to that.
 */
import { Metadata, type NumberType, type PhoneNumber } from "libphonenumber-js/max";

/** The runtime members of the library's Metadata objects we read (its .d.ts declares few). */
interface TypeRuntime {
  pattern(): string;
  possibleLengths(): number[] | undefined;
}
interface FormatRuntime {
  pattern(): string;
  format(): string;
  leadingDigitsPatterns(): string[];
  nationalPrefixFormattingRule(): string | undefined;
  internationalFormat(): string;
}
interface NumberingPlanRuntime {
  possibleLengths(): number[] | undefined;
  hasTypes(): boolean;
  type(type: string): TypeRuntime | undefined;
  nationalNumberPattern(): string;
  formats(): FormatRuntime[];
  callingCode(): string;
}
interface MetadataRuntime {
  selectNumberingPlan(country: string | undefined, callingCode?: string): void;
  numberingPlan: NumberingPlanRuntime;
}

interface CompiledType {
  /** The type's pattern, anchored as the library's matchesEntirely does; null when it has none. */
  pattern: RegExp | null;
  /** The pattern is "" (removed from the metadata as a duplicate of the fixed-line pattern). */
  empty: boolean;
  lengths: number[] | undefined;
}

/**
 * A replacement string ("$1 $2-$3") split into literal text and capture-group numbers, so a format
 * is applied without the engine parsing the string on every replace; null for the rare string that
 * uses more than "$1".."$9" (then String.prototype.replace applies it).
 */
type Template = (string | number)[] | null;

interface CompiledFormat {
  leadingDigits: RegExp | null;
  pattern: RegExp;
  /** Unanchored, as the library's `number.replace(new RegExp(format.pattern()), …)`. */
  replace: RegExp;
  national: string;
  international: string;
  nationalTemplate: Template;
  internationalTemplate: Template;
}

interface CompiledPlan {
  hasTypes: boolean;
  possibleLengths: number[] | undefined;
  nationalNumber: RegExp;
  callingCode: string;
  /** undefined: the plan has no entry for the type (the library's `metadata.type(t)` is undefined). */
  types: Map<NumberType, CompiledType | undefined>;
  formats: CompiledFormat[] | null;
  runtime: NumberingPlanRuntime;
}

/** The library's getNumberType tries these, in this order, after the fixed-line check. */
const NON_FIXED_LINE_TYPES: NonNullable<NumberType>[] = [
  "MOBILE",
  "PREMIUM_RATE",
  "TOLL_FREE",
  "SHARED_COST",
  "VOIP",
  "PERSONAL_NUMBER",
  "PAGER",
  "UAN",
  "VOICEMAIL",
];
const ALL_TYPES: NonNullable<NumberType>[] = ["FIXED_LINE", ...NON_FIXED_LINE_TYPES];

/** As helpers/formatNationalNumberUsingFormat.js. */
const FIRST_GROUP_PATTERN = /(\$\d)/;
/** constants.js VALID_PUNCTUATION, as helpers/applyInternationalSeparatorStyle.js uses it. */
const VALID_PUNCTUATION =
  "-\u2010-\u2015\u2212\u30FC\uFF0D" + // dashes
  "\uFF0F/" + // slashes
  "\uFF0E." + // dots
  " \u00A0\u00AD\u200B\u2060\u3000" + // white space
  "()\uFF08\uFF09\uFF3B\uFF3D\\[\\]" + // brackets
  "~\u2053\u223C\uFF5E"; // tildes
const PUNCTUATION_RUN = new RegExp(`[${VALID_PUNCTUATION}]+`, "g");

const entirely = (pattern: string) => new RegExp(`^(?:${pattern})$`);

const metadata = new Metadata() as unknown as MetadataRuntime;
const plans = new Map<string, CompiledPlan>();

function planOf(phone: PhoneNumber): CompiledPlan {
  return planFor(phone.country, phone.countryCallingCode);
}

function planFor(country: string | undefined, callingCode: string): CompiledPlan {
  // As the library's selectNumberingPlan(country, callingCode): the country's plan when the number
  // has one, else the calling code's main plan (non-geographic codes, invalid shared-code numbers).
  const key = country && country !== "001" ? country : callingCode;
  let plan = plans.get(key);
  if (!plan) {
    metadata.selectNumberingPlan(country, callingCode);
    const runtime = metadata.numberingPlan;
    const types = new Map<NumberType, CompiledType | undefined>();
    if (runtime.hasTypes()) {
      for (const name of ALL_TYPES) {
        const type = runtime.type(name);
        types.set(
          name,
          type && {
            pattern: type.pattern() ? entirely(type.pattern()) : null,
            empty: type.pattern() === "",
            lengths: type.possibleLengths(),
          },
        );
      }
    }
    plan = {
      hasTypes: runtime.hasTypes(),
      possibleLengths: runtime.possibleLengths(),
      nationalNumber: entirely(runtime.nationalNumberPattern()),
      callingCode: runtime.callingCode(),
      types,
      formats: null,
      runtime,
    };
    plans.set(key, plan);
  }
  return plan;
}

/** As getNumberType.js isNumberTypeEqualTo. */
function isType(nationalNumber: string, type: CompiledType | undefined): boolean {
  if (!type?.pattern) return false;
  if (type.lengths && !type.lengths.includes(nationalNumber.length)) return false;
  return type.pattern.test(nationalNumber);
}

/** As getNumberType.js: the number's type, undefined when it is not valid. */
function computeType(phone: PhoneNumber): NumberType {
  if (!phone.country && !phone.countryCallingCode) return undefined;
  const plan = planOf(phone);
  const nationalNumber = phone.nationalNumber || "";
  if (!plan.nationalNumber.test(nationalNumber)) return undefined;
  if (isType(nationalNumber, plan.types.get("FIXED_LINE"))) {
    const mobile = plan.types.get("MOBILE");
    // An empty mobile pattern was removed as a duplicate of the fixed-line one; no mobile entry at
    // all is older metadata's way of saying the same.
    if (!mobile || mobile.empty) return "FIXED_LINE_OR_MOBILE";
    if (isType(nationalNumber, mobile)) return "FIXED_LINE_OR_MOBILE";
    return "FIXED_LINE";
  }
  for (const name of NON_FIXED_LINE_TYPES) {
    if (isType(nationalNumber, plan.types.get(name))) return name;
  }
  return undefined;
}

// normalise asks "valid?" of a number and the basic check then asks its type: remember the last.
let lastPhone: PhoneNumber | null = null;
let lastType: NumberType;

/** `phone.getType()`, the library's answer. */
export function numberType(phone: PhoneNumber): NumberType {
  if (phone !== lastPhone) {
    lastType = computeType(phone);
    lastPhone = phone;
  }
  return lastType;
}

/**
 * `phone.isValid()`, the library's answer (false for no number). A guard so that callers keep the
 * narrowing `phone?.isValid()` gave; false does not mean "no number", only "not a valid one".
 */
export function isValidNumber(phone: PhoneNumber | null | undefined): phone is PhoneNumber {
  if (!phone) return false;
  const plan = planOf(phone);
  if (plan.hasTypes) return numberType(phone) !== undefined;
  return plan.nationalNumber.test(phone.nationalNumber || "");
}

function compileTemplate(replacement: string, groups: number): Template {
  const parts: (string | number)[] = [];
  let literal = "";
  for (let i = 0; i < replacement.length; i++) {
    const char = replacement[i] as string;
    if (char !== "$") {
      literal += char;
      continue;
    }
    // "$n" of an existing group, not followed by another digit ("$12" may name group 12).
    const group = replacement.charCodeAt(i + 1) - 48;
    const next = replacement.charCodeAt(i + 2) - 48;
    if (!(group >= 1 && group <= 9 && group <= groups) || (next >= 0 && next <= 9)) return null;
    if (literal) parts.push(literal);
    literal = "";
    parts.push(group);
    i++;
  }
  if (literal) parts.push(literal);
  return parts;
}

/** As String.prototype.replace(regexp, replacement) for the template's replacement. */
function applyTemplate(text: string, match: RegExpExecArray, template: (string | number)[]): string {
  let out = text.slice(0, match.index);
  for (const part of template) out += typeof part === "number" ? (match[part] ?? "") : part;
  return out + text.slice(match.index + match[0].length);
}

/** `phone.isPossible()`, the library's answer (isPossible.js and helpers/checkNumberLength.js). */
export function isPossibleNumber(phone: PhoneNumber): boolean {
  if (!planFor(undefined, phone.countryCallingCode).possibleLengths) {
    // Only metadata older than the library's own has no lengths: let the library say so.
    return phone.isPossible();
  }
  const lengths = planOf(phone).possibleLengths;
  if (!lengths) return true;
  const length = (phone.nationalNumber || "").length;
  const shortest = lengths[0] as number;
  if (shortest === length) return true;
  if (shortest > length || (lengths[lengths.length - 1] as number) < length) return false;
  return lengths.indexOf(length, 1) >= 0;
}

function formatsOf(plan: CompiledPlan): CompiledFormat[] {
  plan.formats ??= plan.runtime.formats().map((format) => {
    const leading = format.leadingDigitsPatterns();
    const last = leading.length > 0 ? leading[leading.length - 1] : undefined;
    const rule = format.nationalPrefixFormattingRule();
    const national = rule ? format.format().replace(FIRST_GROUP_PATTERN, rule) : format.format();
    const international = format.internationalFormat();
    const groups = (new RegExp(`(?:${format.pattern()})|`).exec("") as RegExpExecArray).length - 1;
    return {
      // format.js tests `nationalNumber.search(last) === 0`: a match that starts at the beginning.
      leadingDigits: last === undefined ? null : new RegExp(`^(?:${last})`),
      pattern: entirely(format.pattern()),
      replace: new RegExp(format.pattern()),
      national,
      international,
      nationalTemplate: compileTemplate(national, groups),
      internationalTemplate: compileTemplate(international, groups),
    };
  });
  return plan.formats;
}

/** As format.js chooseFormatForNumber. */
function chooseFormat(plan: CompiledPlan, nationalNumber: string): CompiledFormat | null {
  for (const format of formatsOf(plan)) {
    if (format.leadingDigits && !format.leadingDigits.test(nationalNumber)) continue;
    if (format.pattern.test(nationalNumber)) return format;
  }
  return null;
}

// A result shows both formats of a number, which use the same format and the same match of its
// pattern: remember the last number's.
let lastFormatPhone: PhoneNumber | null = null;
let lastFormat: CompiledFormat | null = null;
let lastMatch: RegExpExecArray | null | undefined = null;

/** As format.js formatNationalNumber (with the library's default options). */
function formatNationalNumber(phone: PhoneNumber, plan: CompiledPlan, international: boolean): string {
  const nationalNumber = phone.nationalNumber;
  if (phone !== lastFormatPhone) {
    lastFormat = chooseFormat(plan, nationalNumber);
    lastMatch = lastFormat?.replace.exec(nationalNumber);
    lastFormatPhone = phone;
  }
  const format = lastFormat;
  if (!format || !lastMatch) return nationalNumber;
  const template = international ? format.internationalTemplate : format.nationalTemplate;
  const formatted = template
    ? applyTemplate(nationalNumber, lastMatch, template)
    : nationalNumber.replace(format.replace, international ? format.international : format.national);
  return international ? formatted.replace(PUNCTUATION_RUN, " ").trim() : formatted;
}

/** `phone.formatNational()`, the library's answer. */
export function formatNational(phone: PhoneNumber): string {
  // An extension is formatted with the plan's own prefix: leave that rare case to the library.
  if (phone.ext || !phone.nationalNumber) return phone.formatNational();
  return formatNationalNumber(phone, planOf(phone), false);
}

/** `phone.formatInternational()`, the library's answer. */
export function formatInternational(phone: PhoneNumber): string {
  if (phone.ext || !phone.nationalNumber) return phone.formatInternational();
  const plan = planOf(phone);
  return `+${plan.callingCode} ${formatNationalNumber(phone, plan, true)}`;
}
