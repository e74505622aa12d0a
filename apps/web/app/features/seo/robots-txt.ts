import { LOCALES, localizePath } from "@nc/contracts/locales";

/**
 * Never fetched by crawlers: the API, and invitation pages (their links carry a one-time token).
 * Everything else (home, sign-in, sign-up, the documentation and policies) is public and listed in
 * sitemap.xml. The dashboard is not listed here on purpose (docs/architecture.md, "What a person
 * meets first"): a crawler has no session, so a dashboard address answers it with the sign-in
 * redirect marked `X-Robots-Tag: noindex` (require-user.server.ts), which it can only read when
 * robots.txt lets it fetch the address; a signed-in page is never shown to it.
 */
const PRIVATE_PATHS = ["/accept-invite", "/invite-login", "/invite-register"];

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
