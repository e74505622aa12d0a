import { LOCALES, localizePath } from "@nc/contracts/locales";

/**
 * Never for crawlers: the signed-in dashboard, the API, and invitation pages (their links carry a
 * one-time token). Everything else (home, sign-in, sign-up, the documentation and policies) is
 * public and listed in sitemap.xml.
 */
const PRIVATE_PATHS = ["/dashboard", "/accept-invite", "/invite-login", "/invite-register"];

/** robots.txt of the site asked for; its Sitemap line names the partner's own host (publicUrl). */
export function robotsTxt(origin: string): string {
  const disallow = PRIVATE_PATHS.flatMap((path) => LOCALES.map((locale) => localizePath(path, locale)));
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    ...disallow.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
