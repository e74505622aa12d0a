/** The product's languages. English is the default and has no URL prefix (docs/architecture.md, "What a person meets first"). */
export const LOCALES = ["en", "zh-Hans", "es", "pt"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const LOCALE_COOKIE = "i18n_locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Native names, shown in the language switcher so a reader finds their own language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  "zh-Hans": "简体中文",
  es: "Español",
  pt: "Português",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Maps a BCP 47 tag (zh-CN, pt-BR, es-419...) onto one of ours, or undefined. */
export function matchLocaleTag(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  if (!lower) return undefined;
  const [primary = "", ...subtags] = lower.split(/[-_]/);
  if (primary === "zh") {
    // Traditional Chinese readers are better served by English than by Simplified script.
    return subtags.some((s) => /^(hant|tw|hk|mo)$/.test(s)) ? undefined : "zh-Hans";
  }
  return LOCALES.find((l) => l.toLowerCase() === primary);
}

/** Picks the best locale from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLocaleTag(entry.tag);
    if (match) return match;
  }
  return undefined;
}

/** The URL prefix of a locale: "" for the default, "/zh-Hans" for others. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** Splits "/zh-Hans/login" into { locale: "zh-Hans", rest: "/login" }. */
export function splitLocalePath(pathname: string): { locale: Locale | undefined; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && first !== DEFAULT_LOCALE && isLocale(first)) {
    return { locale: first, rest: match?.[2] ?? "/" };
  }
  return { locale: undefined, rest: pathname };
}

/** Turns a locale-free path into the path for a locale. */
export function localizePath(path: string, locale: Locale): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}
