import { localizePath, splitLocalePath } from "@nc/contracts/locales";
import type { PageContext } from "@nc/contracts/site";
import { redirect } from "react-router";

/**
 * Pages that need a signed-in user send visitors to sign-in, with the page asked for as the way
 * back (spec section 4). The redirect replaces history on client navigation.
 */
export function requireUser(request: Request, context: unknown) {
  const page = context as PageContext;
  if (page.user) return page.user;
  const url = new URL(request.url);
  const { locale } = splitLocalePath(url.pathname);
  const back = encodeURIComponent(url.pathname + url.search);
  throw redirect(`${localizePath("/login", locale ?? "en")}?redirect=${back}`);
}
