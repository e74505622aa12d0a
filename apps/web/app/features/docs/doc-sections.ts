import { type Locale, localizePath } from "@nc/contracts/locales";

/**
 * The three kinds of documentation page, each a folder of content/<lang>/ served under its own
 * path: guides (/docs/{slug}), API pages (/docs/api/{slug}) and policies (/policies/{slug}).
 */
export const DOC_SECTIONS = [
  { key: "guides", dir: "docs", path: "/docs", titleKey: "docs:nav.guides" },
  { key: "api", dir: "docs/api", path: "/docs/api", titleKey: "docs:nav.api" },
  { key: "policies", dir: "policies", path: "/policies", titleKey: "docs:nav.policies" },
] as const;

export type DocSectionKey = (typeof DOC_SECTIONS)[number]["key"];

/** The interactive API reference (Scalar), under the same base path as the guides. */
export const API_REFERENCE_PATH = "/docs";

/** One page in the navigation. `path` has no language prefix. */
export interface DocLink {
  section: DocSectionKey;
  slug: string;
  title: string;
  order: number;
  path: string;
}

/** A heading of a page's table of contents. */
export interface DocHeading {
  id: string;
  text: string;
  depth: 2 | 3;
}

export interface DocNavSection {
  key: DocSectionKey;
  pages: DocLink[];
}

/** Where "Guides" leads: the first guide, else the reference. */
export function guidesPathOf(nav: DocNavSection[]): string {
  return nav.find((s) => s.key === "guides")?.pages[0]?.path ?? API_REFERENCE_PATH;
}

export function sectionOf(key: DocSectionKey) {
  return DOC_SECTIONS.find((s) => s.key === key)!;
}

export function docPath(section: DocSectionKey, slug: string): string {
  return `${sectionOf(section).path}/${slug}`;
}

/**
 * A link written in the content, language-neutral ("/docs/sandbox"), in the page's language. API
 * paths, anchors and other sites stay as they are.
 */
export function localizeDocHref(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/api/")) return href;
  return localizePath(href, locale);
}
