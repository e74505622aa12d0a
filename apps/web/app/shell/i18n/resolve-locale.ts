import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeFromAcceptLanguage,
  localizePath,
} from "@nc/contracts/locales";

export type LocaleDecision =
  | { kind: "render"; locale: Locale }
  | { kind: "redirect"; to: string }
  | { kind: "not-found" };

/**
 * The route decides the language when it carries a prefix; without one, a saved choice (cookie) or
 * the browser's languages may send the visitor to their language's prefix (docs/architecture.md, "What a person meets first"; docs/architecture.md, "Organisations and access").
 */
export function resolveLocale(input: {
  lang: string | undefined;
  pathname: string;
  search: string;
  cookieLocale: string | null;
  acceptLanguage: string | null;
}): LocaleDecision {
  const { lang, pathname, search } = input;
  if (lang !== undefined) {
    if (lang === DEFAULT_LOCALE) {
      const rest = pathname.slice(`/${DEFAULT_LOCALE}`.length) || "/";
      return { kind: "redirect", to: rest + search };
    }
    return isLocale(lang) ? { kind: "render", locale: lang } : { kind: "not-found" };
  }
  const preferred = isLocale(input.cookieLocale)
    ? input.cookieLocale
    : localeFromAcceptLanguage(input.acceptLanguage);
  if (preferred && preferred !== DEFAULT_LOCALE)
    return { kind: "redirect", to: localizePath(pathname, preferred) + search };
  return { kind: "render", locale: DEFAULT_LOCALE };
}
