import { DEFAULT_LOCALE, type Locale } from "@nc/contracts/locales";

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

const cache = new Map<Locale, Messages>();
export function messagesFor(locale: Locale): Messages {
  let messages = cache.get(locale);
  if (!messages) {
    messages = collect(locale);
    cache.set(locale, messages);
  }
  return messages ?? collect(DEFAULT_LOCALE);
}
