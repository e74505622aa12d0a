import type { Locale } from "@nc/contracts/locales";
import i18next, { type i18n } from "i18next";

export type Messages = Record<string, Record<string, unknown>>;

/** One i18next instance per page render, holding the page's language only. */
export function createI18n(locale: Locale, messages: Messages): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: messages },
    ns: Object.keys(messages),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Looks a key up in raw catalogs (for page titles, where no i18next instance exists yet). */
export function lookupMessage(messages: Messages, key: string): string | undefined {
  const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  let node: unknown = messages[ns];
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}
