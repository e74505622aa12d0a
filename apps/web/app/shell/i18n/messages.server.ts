import type { Locale } from "@nc/contracts/locales";
import { areaCarries, type CatalogueArea, carriedPart } from "./catalogue-areas";

/**
 * Translation catalogs, read on the server only: the page gets just its own language in the root
 * loader's data, so the browser never downloads the other three.
 */
const web = import.meta.glob<Record<string, unknown>>("../../i18n/locales/*/*.json", {
  eager: true,
  import: "default",
});
const shared = import.meta.glob<Record<string, unknown>>(
  "../../../../../packages/contracts/locales/*/*.json",
  {
    eager: true,
    import: "default",
  },
);

export type Messages = Record<string, Record<string, unknown>>;

function collect(locale: Locale): Messages {
  const messages: Messages = {};
  for (const [path, catalog] of Object.entries({ ...shared, ...web })) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === locale) messages[match[2]!] = catalog;
  }
  return messages;
}

const cache = new Map<string, Messages>();

/** The language's catalogues that a page of `area` carries (catalogue-areas.ts); all without one. */
export function messagesFor(locale: Locale, area?: CatalogueArea): Messages {
  const key = `${locale} ${area ?? "all"}`;
  let messages = cache.get(key);
  if (!messages) {
    const all = collect(locale);
    messages = area
      ? Object.fromEntries(
          Object.entries(all)
            .filter(([namespace]) => areaCarries(area, namespace))
            .map(([namespace, catalog]) => [namespace, carriedPart(area, namespace, catalog)]),
        )
      : all;
    cache.set(key, messages);
  }
  return messages;
}

const texts = new Map<string, string>();

/** `messagesFor` as the JSON text the locale layout's data carries (locale-data.ts), made once. */
export function catalogueFor(locale: Locale, area: CatalogueArea): string {
  const key = `${locale} ${area}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = JSON.stringify(messagesFor(locale, area));
    texts.set(key, text);
  }
  return text;
}
