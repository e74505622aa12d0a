import { DEFAULT_LOCALE, LOCALES, localizePath } from "@nc/contracts/locales";
import { API_REFERENCE_PATH } from "../features/docs/doc-sections";
import { docsLibrary } from "../features/docs/docs-content.server";
import type { Route } from "./+types/sitemap";

/** Public pages, each in every language with its alternates. */
export const PUBLIC_PATHS = ["/", "/coverage", "/login", "/register", "/forget-password"];

/** The documentation: the API reference and every guide, API page and policy (the same in every language). */
async function docPaths(): Promise<string[]> {
  const nav = await docsLibrary().nav(DEFAULT_LOCALE);
  return [API_REFERENCE_PATH, ...nav.flatMap((section) => section.pages.map((page) => page.path))];
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.publicUrl;
  const entries = [...PUBLIC_PATHS, ...(await docPaths())].flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map(
        (alt) =>
          `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(origin + localizePath(path, alt))}"/>`,
      ).join("");
      return `<url><loc>${escapeXml(origin + localizePath(path, locale))}</loc>${alternates}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join("")}</urlset>`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
