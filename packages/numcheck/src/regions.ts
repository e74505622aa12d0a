import { getCountries, getCountryCallingCode } from "libphonenumber-js/max";

export interface Region {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Digits only ("49"). */
  callingCode: string;
}

/** Every country the numbering plan knows, with its calling code, by ISO code. */
export const REGIONS: readonly Region[] = getCountries()
  .map((country) => ({ country: country as string, callingCode: getCountryCallingCode(country) as string }))
  .sort((a, b) => a.country.localeCompare(b.country));
