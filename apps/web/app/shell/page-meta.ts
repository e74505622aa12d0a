import type { MetaDescriptor } from "react-router";
import { lookupMessage } from "./i18n/i18n";
import { LOCALE_LAYOUT_ID, type LocaleData, messagesOf } from "./i18n/locale-data";
import type { RootData } from "./root-data";

interface MetaMatch {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

/** Said of every page that has no description of its own (the dashboard's, mostly). */
const DEFAULT_DESCRIPTION_KEY = "common:defaultDescription";

/**
 * "Page title | site name", the title translated when a translation exists (docs/architecture.md, "What a person meets first"), and
 * the page's translated meta description (the site's own when the page names none): what a search
 * result shows under the title. Reads the brand from the root data and the catalog from the locale
 * layout's data.
 */
export function pageMeta(titleKey: string, descriptionKey?: string) {
  return ({ matches, error }: { matches: (MetaMatch | undefined)[]; error?: unknown }): MetaDescriptor[] => {
    const root = matches.find((m) => m?.id === "root");
    const site = ((root?.loaderData ?? root?.data) as RootData | undefined)?.site;
    const localeMatch = matches.find((m) => m?.id === LOCALE_LAYOUT_ID);
    const localeData = (localeMatch?.loaderData ?? localeMatch?.data) as Partial<LocaleData> | undefined;
    const messages =
      messagesOf(localeData) ??
      messagesOf((error as { data?: Partial<LocaleData> | null } | undefined)?.data) ??
      {};
    const siteName = site?.name ?? "";
    const title =
      lookupMessage(messages, titleKey) ?? lookupMessage(messages, "common:defaultTitle") ?? siteName;
    const tags: MetaDescriptor[] = [{ title: siteName ? `${title} | ${siteName}` : title }];
    const description =
      (descriptionKey ? lookupMessage(messages, descriptionKey) : undefined) ??
      lookupMessage(messages, DEFAULT_DESCRIPTION_KEY);
    if (description) tags.push({ name: "description", content: description });
    return tags;
  };
}
