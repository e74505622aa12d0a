import { describe, expect, it } from "vitest";
import { filterCountries, type NamedCountry } from "./country-filter";

const country = (code: string, callingCode: string, name: string): NamedCountry => ({
  country: code,
  callingCode,
  name,
  services: [],
});
const LIST = [
  country("RE", "262", "Réunion"),
  country("ES", "34", "España"),
  country("GB", "44", "Reino Unido"),
];
const codes = (query: string) => filterCountries(LIST, query).map((c) => c.country);

describe("country search", () => {
  it("finds a name without its accents or case, an ISO code, or a calling code", () => {
    expect(codes("reunion")).toEqual(["RE"]);
    expect(codes("ESPA")).toEqual(["ES"]);
    expect(codes("re")).toEqual(["RE", "GB"]);
    expect(codes("gb")).toEqual(["GB"]);
    expect(codes("+4")).toEqual(["GB"]);
    expect(codes("26")).toEqual(["RE"]);
    expect(codes("  ")).toEqual(["RE", "ES", "GB"]);
    expect(codes("xyz")).toEqual([]);
  });
});
