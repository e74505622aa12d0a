import { LOCALES, localizePath } from "@nc/contracts/locales";
import type { PageContext } from "@nc/contracts/site";
import type { Route } from "./+types/sitemap";

/** Public pages, each in every language with its alternates. */
export const PUBLIC_PATHS = ["/", "/login", "/register", "/forget-password"];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function loader({ context }: Route.LoaderArgs) {
  const origin = (context as unknown as PageContext).publicUrl;
  const entries = PUBLIC_PATHS.flatMap((path) =>
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
