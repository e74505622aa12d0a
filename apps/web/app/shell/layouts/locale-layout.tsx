import { DEFAULT_LOCALE, splitLocalePath } from "@nc/contracts/locales";
import { I18nextProvider } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Outlet,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { HydratingBoundary } from "../hydration/hydrating-boundary";
import { catalogueArea } from "../i18n/catalogue-areas";
import { LOCALE_LAYOUT_ID, type LocaleData } from "../i18n/locale-data";
import { catalogueFor } from "../i18n/messages.server";
import { resolveLocale } from "../i18n/resolve-locale";
import { useLocaleI18n } from "../i18n/use-locale-i18n";
import { lazyComponent } from "../lazy-component";
import { pageMeta } from "../page-meta";
import { StepUpHost } from "../security/step-up-host";
import type { Route } from "./+types/locale-layout";

/**
 * The error page (antd's Result and its pictures, some 35 KB of script) is its own chunk: every
 * page's layout names it as a boundary, but only an error shows it (docs/performance.md, "Less
 * work between the first paint and an interactive page"). Its boundary waits for the chunk before
 * it counts as hydrated.
 */
const ErrorPage = lazyComponent(() => import("../components/error-page"), "ErrorPage");

/** Validates the language prefix and hands the page its catalog (docs/architecture.md, "What a person meets first"; docs/architecture.md, "Organisations and access"). */
export function loader({ params, request, context }: Route.LoaderArgs): LocaleData {
  const url = new URL(request.url);
  const page = context;
  const decision = resolveLocale({
    lang: params.lang,
    pathname: url.pathname,
    search: url.search,
    cookieLocale: page.cookieLocale,
    acceptLanguage: page.acceptLanguage,
  });
  if (decision.kind === "redirect") throw redirect(decision.to);
  const area = catalogueArea(url.pathname);
  if (decision.kind === "not-found") {
    throw data(
      { locale: DEFAULT_LOCALE, catalogue: catalogueFor(DEFAULT_LOCALE, area) },
      { status: 404, statusText: `Page Not Found: ${url.pathname}` },
    );
  }
  const found = { locale: decision.locale, catalogue: catalogueFor(decision.locale, area) };
  // The server could not load the site's information (it logged why): the server-error page, in
  // the visitor's language (docs/architecture.md, "Decisions and why").
  if (page.siteInfoFailed) throw data(found, { status: 500, statusText: "Internal Server Error" });
  return found;
}

// The catalogs change with the language prefix and with the part of the site (catalogue-areas.ts).
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const changed =
    splitLocalePath(currentUrl.pathname).locale !== splitLocalePath(nextUrl.pathname).locale ||
    catalogueArea(currentUrl.pathname) !== catalogueArea(nextUrl.pathname);
  return changed || (currentUrl.href === nextUrl.href && defaultShouldRevalidate);
}

export const meta = pageMeta("common:defaultTitle");

function WithI18n({ locale, catalogue, children }: LocaleData & { children: React.ReactNode }) {
  const i18n = useLocaleI18n({ locale, catalogue });
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <WithI18n locale={loaderData.locale} catalogue={loaderData.catalogue}>
      {/* Inside the language: the step-up dialog speaks the page's (docs/security.md, "Step-up"). */}
      <StepUpHost />
      <Outlet />
    </WithI18n>
  );
}

/** Not-found and server-error pages in the visitor's language (docs/architecture.md, "What a person meets first"; docs/architecture.md, "Decisions and why"). */
export function ErrorBoundary() {
  const error = useRouteError();
  const own = useRouteLoaderData(LOCALE_LAYOUT_ID) as LocaleData | undefined;
  const carried = isRouteErrorResponse(error) ? (error.data as Partial<LocaleData> | null) : null;
  const locale = own?.locale ?? carried?.locale ?? DEFAULT_LOCALE;
  const catalogue = own?.catalogue ?? carried?.catalogue ?? null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText = isRouteErrorResponse(error) ? error.statusText : undefined;
  const page = (
    <HydratingBoundary>
      <ErrorPage status={status} statusText={statusText} />
    </HydratingBoundary>
  );
  if (catalogue === null) return page;
  return (
    <WithI18n locale={locale} catalogue={catalogue}>
      {page}
    </WithI18n>
  );
}
