import { localizePath, splitLocalePath } from "@nc/contracts/locales";
import type { PageContext } from "@nc/contracts/site";
import { redirect } from "react-router";

/** Another invitation page in the request's language, keeping its ?token=. */
export function invitePagePath(request: Request, path: string): string {
  const url = new URL(request.url);
  const { locale } = splitLocalePath(url.pathname);
  const token = url.searchParams.get("token");
  return `${localizePath(path, locale ?? "en")}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}

/**
 * The loader of the invited person's sign-in and sign-up pages: someone already signed in goes to
 * the invitation page, which accepts (or explains another account) directly.
 */
export function signedOutInviteLoader({
  request,
  context,
}: {
  request: Request;
  context: Pick<PageContext, "user">;
}) {
  if (context.user) throw redirect(invitePagePath(request, "/accept-invite"));
  return null;
}
