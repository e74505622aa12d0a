import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Locale } from "@nc/contracts/locales";
import {
  DOC_SECTIONS,
  type DocHeading,
  type DocLink,
  type DocNavSection,
  type DocSectionKey,
  docPath,
} from "./doc-sections";
import { parseFrontMatter } from "./front-matter";
import { renderDocMarkdown } from "./render-markdown.server";

/** A page ready to serve: placeholders still in, to be filled with the partner's values. */
export interface DocPage extends DocLink {
  description: string;
  html: string;
  headings: DocHeading[];
}

interface LocaleDocs {
  nav: DocNavSection[];
  pages: Map<string, DocPage>;
}

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const keyOf = (section: DocSectionKey, slug: string) => `${section}/${slug}`;

async function markdownFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith(".md"))
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * The documentation of content/<lang>/{docs,docs/api,policies}/<slug>.md: each language read and
 * rendered once, on first use, then served from memory.
 */
export function createDocsLibrary(options: {
  root: string;
  copyLabel: (locale: Locale) => string;
  codeLabel?: (locale: Locale) => string;
  /** Rewrites a page's markdown before it is rendered (the catalogue's tables: catalogue-tables.ts). */
  expand?: (markdown: string, locale: Locale) => string;
}) {
  const cache = new Map<Locale, Promise<LocaleDocs>>();

  async function load(locale: Locale): Promise<LocaleDocs> {
    const pages = new Map<string, DocPage>();
    const nav: DocNavSection[] = [];
    for (const section of DOC_SECTIONS) {
      const dir = join(options.root, locale, section.dir);
      const sectionPages: DocPage[] = [];
      for (const name of await markdownFiles(dir)) {
        const slug = name.slice(0, -".md".length);
        if (!SLUG.test(slug)) throw new Error(`${join(dir, name)}: file names are lower-case slugs`);
        const file = join(dir, name);
        const { meta, body } = parseFrontMatter(await readFile(file, "utf8"), file);
        const rendered = renderDocMarkdown(options.expand ? options.expand(body, locale) : body, {
          locale,
          copyLabel: options.copyLabel(locale),
          codeLabel: options.codeLabel?.(locale),
        });
        sectionPages.push({
          section: section.key,
          slug,
          path: docPath(section.key, slug),
          ...meta,
          ...rendered,
        });
      }
      sectionPages.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
      for (const page of sectionPages) pages.set(keyOf(section.key, page.slug), page);
      nav.push({
        key: section.key,
        pages: sectionPages.map(({ section, slug, title, order, path }) => ({
          section,
          slug,
          title,
          order,
          path,
        })),
      });
    }
    return { nav, pages };
  }

  function docs(locale: Locale): Promise<LocaleDocs> {
    let loaded = cache.get(locale);
    if (!loaded) {
      loaded = load(locale);
      // A failed read is not kept: the next request tries again.
      loaded.catch(() => cache.delete(locale));
      cache.set(locale, loaded);
    }
    return loaded;
  }

  return {
    /** The navigation: every section with its pages in `order`. */
    async nav(locale: Locale): Promise<DocNavSection[]> {
      return (await docs(locale)).nav;
    },
    /** One page, or null when the language has no such page. */
    async page(locale: Locale, section: DocSectionKey, slug: string): Promise<DocPage | null> {
      return (await docs(locale)).pages.get(keyOf(section, slug)) ?? null;
    },
  };
}

export type DocsLibrary = ReturnType<typeof createDocsLibrary>;
