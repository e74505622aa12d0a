import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  localeFromAcceptLanguage,
  localePrefix,
  localizePath,
  matchLocaleTag,
  splitLocalePath,
} from "./locales";

describe("locales", () => {
  it("are English (default), Simplified Chinese, Spanish and Portuguese", () => {
    expect(LOCALES).toEqual(["en", "zh-Hans", "es", "pt"]);
    expect(DEFAULT_LOCALE).toBe("en");
  });

  it("isLocale accepts exactly the four tags", () => {
    for (const l of LOCALES) expect(isLocale(l)).toBe(true);
    for (const v of ["EN", "zh-hans", "zh", "fr", "", undefined, null, 1]) expect(isLocale(v)).toBe(false);
  });
});

describe("matchLocaleTag", () => {
  it.each([
    ["en", "en"],
    ["en-US", "en"],
    ["EN-gb", "en"],
    ["es-419", "es"],
    ["es-ES", "es"],
    ["pt-BR", "pt"],
    ["pt-PT", "pt"],
    ["zh", "zh-Hans"],
    ["zh-CN", "zh-Hans"],
    ["zh-SG", "zh-Hans"],
    ["zh-Hans", "zh-Hans"],
    ["zh-Hans-CN", "zh-Hans"],
    [" zh-cn ", "zh-Hans"],
    ["zh_CN", "zh-Hans"],
  ])("maps %j to %s", (tag, locale) => {
    expect(matchLocaleTag(tag)).toBe(locale);
  });

  it.each([
    "zh-TW",
    "zh-HK",
    "zh-MO",
    "zh-Hant",
    "zh-Hant-TW",
    "ZH-tw",
    "zh_TW",
    "fr",
    "de-DE",
    "*",
    "",
    "  ",
    // Zhuang (ISO 639-3 "zha") is not Chinese, nor is "english" a tag.
    "zha",
    "english",
  ])("does not map %j", (tag) => {
    expect(matchLocaleTag(tag)).toBeUndefined();
  });
});

describe("localeFromAcceptLanguage", () => {
  it("is undefined without a header or without a match", () => {
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
    expect(localeFromAcceptLanguage(null)).toBeUndefined();
    expect(localeFromAcceptLanguage("")).toBeUndefined();
    expect(localeFromAcceptLanguage("fr-FR, de;q=0.9, *;q=0.1")).toBeUndefined();
  });

  it("takes the first supported language in header order when weights are equal", () => {
    expect(localeFromAcceptLanguage("es, pt")).toBe("es");
    expect(localeFromAcceptLanguage("fr, pt-BR, es")).toBe("pt");
  });

  it("ranks by q-value, not by position", () => {
    expect(localeFromAcceptLanguage("es;q=0.5, pt;q=0.8")).toBe("pt");
    expect(localeFromAcceptLanguage("en;q=0.3, zh-CN;q=0.9, es;q=0.5")).toBe("zh-Hans");
    expect(localeFromAcceptLanguage("fr-FR, fr;q=0.9, en-US;q=0.8, en;q=0.7, es;q=0.9")).toBe("es");
    expect(localeFromAcceptLanguage("pt;q=0.1, es")).toBe("es");
  });

  it("tolerates spaces around parameters and other parameters", () => {
    expect(localeFromAcceptLanguage("es ; q=0.2 , pt ;  q=0.4")).toBe("pt");
    expect(localeFromAcceptLanguage("es;level=1;q=0.2, pt;q=0.4")).toBe("pt");
  });

  it("skips q=0 (not acceptable) and unreadable weights", () => {
    expect(localeFromAcceptLanguage("zh-CN;q=0, es;q=0.1")).toBe("es");
    expect(localeFromAcceptLanguage("pt;q=0.000")).toBeUndefined();
    expect(localeFromAcceptLanguage("pt;q=abc, es;q=0.01")).toBe("es");
  });

  it("does not map Traditional Chinese onto Simplified Chinese", () => {
    expect(localeFromAcceptLanguage("zh-TW")).toBeUndefined();
    expect(localeFromAcceptLanguage("zh-TW, zh;q=0.9")).toBe("zh-Hans");
    expect(localeFromAcceptLanguage("zh-TW, en;q=0.5")).toBe("en");
    expect(localeFromAcceptLanguage("zh-HK, zh-Hant;q=0.9, pt;q=0.1")).toBe("pt");
  });

  it("returns one of the locales or undefined for any header", () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        const result = localeFromAcceptLanguage(header);
        expect(result === undefined || isLocale(result)).toBe(true);
      }),
    );
  });

  it("agrees with the highest-weighted supported tag", () => {
    const entry = fc.record({
      tag: fc.constantFrom("en", "en-GB", "es", "pt-BR", "zh-CN", "zh-TW", "fr", "de", "*"),
      q: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        const header = entries.map((e) => `${e.tag};q=${e.q / 1000}`).join(", ");
        const best = entries
          .map((e, i) => ({ ...e, i, locale: matchLocaleTag(e.tag) }))
          .filter((e) => e.q > 0 && e.locale)
          .sort((a, b) => b.q - a.q || a.i - b.i)[0];
        expect(localeFromAcceptLanguage(header)).toBe(best?.locale);
      }),
    );
  });
});

describe("localePrefix, localizePath and splitLocalePath", () => {
  it("gives English no prefix and the others /<tag>", () => {
    expect(localePrefix("en")).toBe("");
    expect(localePrefix("zh-Hans")).toBe("/zh-Hans");
    expect(localePrefix("es")).toBe("/es");
    expect(localePrefix("pt")).toBe("/pt");
  });

  it("localizes paths", () => {
    expect(localizePath("/", "en")).toBe("/");
    expect(localizePath("/login", "en")).toBe("/login");
    expect(localizePath("/", "zh-Hans")).toBe("/zh-Hans");
    expect(localizePath("/login", "zh-Hans")).toBe("/zh-Hans/login");
    expect(localizePath("/dashboard/profile", "pt")).toBe("/pt/dashboard/profile");
  });

  it("splits paths", () => {
    expect(splitLocalePath("/zh-Hans/login")).toEqual({ locale: "zh-Hans", rest: "/login" });
    expect(splitLocalePath("/es")).toEqual({ locale: "es", rest: "/" });
    expect(splitLocalePath("/pt/")).toEqual({ locale: "pt", rest: "/" });
    expect(splitLocalePath("/login")).toEqual({ locale: undefined, rest: "/login" });
    expect(splitLocalePath("/")).toEqual({ locale: undefined, rest: "/" });
    // English has no prefix: "/en/..." is not an English path, and tags are case-sensitive.
    expect(splitLocalePath("/en/login")).toEqual({ locale: undefined, rest: "/en/login" });
    expect(splitLocalePath("/zh-hans/login")).toEqual({ locale: undefined, rest: "/zh-hans/login" });
    expect(splitLocalePath("/esx/login")).toEqual({ locale: undefined, rest: "/esx/login" });
  });

  const segment = fc.stringMatching(/^[A-Za-z0-9._~%-]{1,12}$/);
  /** Locale-free paths: the first segment is never a non-default locale tag. */
  const path = fc
    .array(segment, { maxLength: 5 })
    .chain((segments) =>
      fc.constantFrom(`/${segments.join("/")}`, `/${segments.join("/")}/`).map((p) => p.replace(/\/+$/, "/")),
    )
    .filter((p) => !LOCALES.some((l) => l !== DEFAULT_LOCALE && (p === `/${l}` || p.startsWith(`/${l}/`))));
  const locale = fc.constantFrom<Locale>(...LOCALES);

  it("round-trips: splitting a localized path gives back the locale and the path", () => {
    fc.assert(
      fc.property(path, locale, (p, l) => {
        expect(splitLocalePath(localizePath(p, l))).toEqual({
          locale: l === DEFAULT_LOCALE ? undefined : l,
          rest: p,
        });
      }),
    );
  });

  it("round-trips the other way for prefixed paths", () => {
    fc.assert(
      fc.property(path, locale, (p, l) => {
        const localized = localizePath(p, l);
        const { locale: found, rest } = splitLocalePath(localized);
        expect(localizePath(rest, found ?? DEFAULT_LOCALE)).toBe(localized);
      }),
    );
  });
});
