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

/** The country's name in the page's language, or its code when the runtime cannot name it. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
