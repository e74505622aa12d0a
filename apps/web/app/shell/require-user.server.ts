import { localizePath, splitLocalePath } from "@nc/contracts/locales";
import type { PageContext } from "@nc/contracts/site";
import { data, redirect } from "react-router";

/**
 * Pages that need a signed-in user send visitors to sign-in, with the page asked for as the way
 * back (docs/architecture.md, "Organisations and access"). The redirect replaces history on client navigation.
 */
export function requireUser(request: Request, page: Partial<Pick<PageContext, "user" | "siteInfoFailed">>) {
  if (page.user) return page.user;
  // Nobody is known because the session could not be read, not because nobody signed in: no
  // redirect to sign-in (it would win over the server-error page the locale layout answers).
  if (page.siteInfoFailed) throw data(null, { status: 500, statusText: "Internal Server Error" });
  const url = new URL(request.url);
  const { locale } = splitLocalePath(url.pathname);
  const back = encodeURIComponent(url.pathname + url.search);
  // A crawler (never signed in) meets every dashboard address here: the answer says not to index
  // the address, which robots.txt lets it read (features/seo/robots-txt.ts).
  throw redirect(`${localizePath("/login", locale ?? "en")}?redirect=${back}`, {
    headers: { "X-Robots-Tag": "noindex" },
  });
}
