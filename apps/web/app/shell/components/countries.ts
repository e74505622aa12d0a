/** Default countries offered for national-format numbers (ISO-2); names come from Intl.DisplayNames. */
export const DEFAULT_COUNTRIES = [
  "US",
  "GB",
  "CN",
  "IN",
  "BR",
  "ES",
  "PT",
  "MX",
  "AR",
  "AU",
  "BE",
  "CA",
  "CH",
  "CL",
  "CO",
  "DE",
  "DK",
  "EG",
  "FI",
  "FR",
  "HK",
  "ID",
  "IE",
  "IT",
  "JP",
  "KR",
  "MY",
  "NG",
  "NL",
  "NO",
  "NZ",
  "PE",
  "PH",
  "PK",
  "PL",
  "RU",
  "SA",
  "SE",
  "SG",
  "TH",
  "TR",
  "TW",
  "UA",
  "AE",
  "VN",
  "ZA",
] as const;

/**
 * One namer per language: building an `Intl.DisplayNames` costs the runtime a look-up of its
 * locale data each time, and a page names dozens of countries while it hydrates.
 */
const namers = new Map<string, Intl.DisplayNames | null>();

function namer(locale: string): Intl.DisplayNames | null {
  let found = namers.get(locale);
  if (found === undefined) {
    try {
      found = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      found = null;
    }
    namers.set(locale, found);
  }
  return found;
}

/** The country's name in the page's language, or its code when the runtime cannot name it. */
export function countryName(code: string, locale: string): string {
  try {
    return namer(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

const optionLists = new Map<string, { value: string; label: string }[]>();

/** One country as a select option: "Name (XX)". */
export function countryOption(code: string, locale: string): { value: string; label: string } {
  return { value: code, label: `${countryName(code, locale)} (${code})` };
}

/**
 * The default countries (or the given list) as select options, "Name (XX)", in the language's
 * alphabetical order; worked out once per language and list (neither changes while the page lives).
 */
export function countryOptions(
  locale: string,
  codes: readonly string[] = DEFAULT_COUNTRIES,
): { value: string; label: string }[] {
  const key = codes === DEFAULT_COUNTRIES ? locale : `${locale}:${codes.length}:${codes[0]}`;
  let options = optionLists.get(key);
  if (!options) {
    const collator = new Intl.Collator(locale);
    options = codes.map((code) => countryOption(code, locale));
    options.sort((a, b) => collator.compare(a.label, b.label));
    optionLists.set(key, options);
  }
  return options;
}
