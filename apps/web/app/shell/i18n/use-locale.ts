import { type Locale, localizePath } from "@nc/contracts/locales";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root-data";

/** The page's language and a helper that turns locale-free paths into paths of that language. */
export function useLocale(): { locale: Locale; to: (path: string) => string } {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const locale = data?.locale ?? "en";
  return { locale, to: (path: string) => localizePath(path, locale) };
}
