import { localizePath, splitLocalePath } from "@nc/contracts/locales";

/** Another invitation page in the request's language, keeping its ?token=. */
export function invitePagePath(request: Request, path: string): string {
  const url = new URL(request.url);
  const { locale } = splitLocalePath(url.pathname);
  const token = url.searchParams.get("token");
  return `${localizePath(path, locale ?? "en")}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}
