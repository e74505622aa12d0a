import type { Locale } from "@nc/contracts/locales";
import type { Messages } from "./i18n";

/** The route id of the layout whose data carries the page's language and catalogue. */
export const LOCALE_LAYOUT_ID = "shell/layouts/locale-layout";

/**
 * The locale layout's data: the page's language and its catalogue (catalogue-areas.ts), the
 * catalogue as one JSON text. Loader data travels to the browser in React Router's stream format,
 * which writes and reads every key and string of an object one by one; a catalogue of a few
 * thousand strings cost the hydrating page tens of milliseconds to read on a phone, where one
 * `JSON.parse` of the same text takes under one (docs/performance.md, "antd's work at hydration").
 */
export interface LocaleData {
  locale: Locale;
  catalogue: string;
}

// One parse per distinct text: a page's renders, its title and its error page share it. The texts
// are few (a language's catalogue per part of the site), so the map stays small.
const parsed = new Map<string, Messages>();

/** The catalogue a locale layout's data (or an error carrying it) holds; undefined without one. */
export function messagesOf(data: Partial<LocaleData> | null | undefined): Messages | undefined {
  const text = data?.catalogue;
  if (typeof text !== "string") return undefined;
  let messages = parsed.get(text);
  if (!messages) {
    messages = JSON.parse(text) as Messages;
    parsed.set(text, messages);
  }
  return messages;
}
