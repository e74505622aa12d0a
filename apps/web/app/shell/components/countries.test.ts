import { describe, expect, it } from "vitest";
import { countryName, countryOptions, DEFAULT_COUNTRIES } from "./countries";

describe("country names and options", () => {
  it("names a country in the page's language", () => {
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("DE", "es")).toBe("Alemania");
    expect(countryName("DE", "zh-Hans")).toBe("德国");
  });

  it("falls back to the code when the language cannot be used", () => {
    expect(countryName("DE", "not a locale!")).toBe("DE");
  });

  it("offers every default country once, sorted by name in the language", () => {
    for (const locale of ["en", "zh-Hans", "es", "pt"]) {
      const options = countryOptions(locale);
      expect(options.map((o) => o.value).sort()).toEqual([...DEFAULT_COUNTRIES].sort());
      const collator = new Intl.Collator(locale);
      for (let i = 1; i < options.length; i++)
        expect(collator.compare(options[i - 1]!.label, options[i]!.label)).toBeLessThanOrEqual(0);
      expect(options.find((o) => o.value === "GB")!.label).toBe(`${countryName("GB", locale)} (GB)`);
    }
    expect(countryOptions("en")[0]!.label).toBe("Argentina (AR)");
  });

  it("works the list out once per language", () => {
    expect(countryOptions("en")).toBe(countryOptions("en"));
    expect(countryOptions("es")).not.toBe(countryOptions("en"));
  });
});
