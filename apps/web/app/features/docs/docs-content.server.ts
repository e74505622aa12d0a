import { DEFAULT_LOCALE, isLocale, type Locale } from "@nc/contracts/locales";
import type { PageContext } from "@nc/contracts/site";
import type { i18n } from "i18next";
import { data } from "react-router";
import { createI18n, lookupMessage } from "../../shell/i18n/i18n";
import { messagesFor } from "../../shell/i18n/messages.server";
import { expandCatalogueTables } from "./catalogue-tables";
import { findContentRoot } from "./content-root.server";
import type { DocHeading, DocLink, DocNavSection, DocSectionKey } from "./doc-sections";
import { createDocsLibrary, type DocsLibrary } from "./docs-library.server";
import { type DocSiteValues, fillPlaceholders } from "./placeholders";

let library: DocsLibrary | undefined;
const translators = new Map<Locale, i18n["t"]>();

/** One translator a language, made when its first page is expanded. */
function translatorFor(locale: Locale) {
  let t = translators.get(locale);
  if (!t) {
    t = createI18n(locale, messagesFor(locale)).t;
    translators.set(locale, t);
  }
  return t;
}

/** The site's documentation, read from the repository's content/ folder. */
export function docsLibrary(): DocsLibrary {
  library ??= createDocsLibrary({
    root: findContentRoot(),
    copyLabel: (locale) => lookupMessage(messagesFor(locale), "docs:copy") ?? "Copy",
    codeLabel: (locale) => lookupMessage(messagesFor(locale), "docs:codeSample") ?? "Code sample",
    expand: (markdown, locale) => {
      const t = translatorFor(locale);
      return expandCatalogueTables(markdown, locale, (key, params) => t(key, params));
    },
  });
  return library;
}

/** What a documentation page hands its component: everything filled in for this site. */
export interface DocPageData {
  section: DocSectionKey;
  slug: string;
  title: string;
  description: string;
  html: string;
  headings: DocHeading[];
  previous: DocLink | null;
  next: DocLink | null;
}

export function siteValues(page: Pick<PageContext, "site" | "publicUrl">): DocSiteValues {
  return { brand: page.site.name, baseUrl: page.publicUrl, supportEmail: page.site.email };
}

export const localeOf = (lang: string | undefined): Locale => (isLocale(lang) ? lang : DEFAULT_LOCALE);

function fillNav(nav: DocNavSection[], values: DocSiteValues): DocNavSection[] {
  return nav.map((section) => ({
    ...section,
    pages: section.pages.map((p) => ({ ...p, title: fillPlaceholders(p.title, values, "text") })),
  }));
}

/** The navigation of the documentation layout. */
export async function docNav(lang: string | undefined, context: PageContext): Promise<DocNavSection[]> {
  return fillNav(await docsLibrary().nav(localeOf(lang)), siteValues(context));
}

/** One page, or the site's 404 page when the language has no such page. */
export async function docPage(
  section: DocSectionKey,
  params: { lang?: string; slug?: string },
  context: PageContext,
): Promise<DocPageData> {
  const locale = localeOf(params.lang);
  const library = docsLibrary();
  const page = await library.page(locale, section, params.slug ?? "");
  if (!page) throw data(null, { status: 404, statusText: "Page Not Found" });
  const values = siteValues(context);
  const siblings = fillNav(await library.nav(locale), values).find((s) => s.key === section)?.pages ?? [];
  const index = siblings.findIndex((p) => p.slug === page.slug);
  return {
    section,
    slug: page.slug,
    title: fillPlaceholders(page.title, values, "text"),
    description: fillPlaceholders(page.description, values, "text"),
    html: fillPlaceholders(page.html, values, "html"),
    headings: page.headings.map((h) => ({ ...h, text: fillPlaceholders(h.text, values, "text") })),
    previous: siblings[index - 1] ?? null,
    next: siblings[index + 1] ?? null,
  };
}
