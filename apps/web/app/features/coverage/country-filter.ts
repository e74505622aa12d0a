import type { CoverageCountryView } from "@nc/contracts/coverage";

/** A country as the page lists it: its name in the page's language beside the API's answer. */
export interface NamedCountry extends CoverageCountryView {
  name: string;
}

/** Lower case without accents, so "reunion" finds "Réunion" and "espana" finds "España". */
export const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();

/**
 * The countries a search keeps: a name containing it (accents and case aside), its ISO code, or
 * a calling code starting with its digits ("+44", "44"). An empty search keeps them all.
 */
export function filterCountries(countries: readonly NamedCountry[], query: string): readonly NamedCountry[] {
  const wanted = folded(query.trim());
  if (!wanted) return countries;
  const digits = /^\+?\d+$/.test(wanted) ? wanted.replace("+", "") : null;
  return countries.filter(
    (c) =>
      folded(c.name).includes(wanted) ||
      c.country.toLowerCase() === wanted ||
      (digits !== null && c.callingCode.startsWith(digits)),
  );
}
