import { detectDevice } from "@nc/contracts/device";
import { DEFAULT_LOCALE, isLocale } from "@nc/contracts/locales";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import { type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { useEditedTheme } from "./features/theme-editor/use-edited-theme";
import { ClientHooksBridge } from "./shell/http/client-hooks-bridge";
import { antdLocale } from "./shell/i18n/antd-locale";
import { lazyComponent } from "./shell/lazy-component";
import type { RootData } from "./shell/root-data";
import { NO_EVAL_SCRIPT } from "./shell/security/no-eval-script";
import { useNonce } from "./shell/security/nonce";
import { ColorModeProvider, isDark, useColorMode } from "./shell/theme/color-mode";
import { derivedTokenFor } from "./shell/theme/derived-theme";
import { derivedTheme } from "./shell/theme/derived-theme.server";
import { HEAD_SCRIPT } from "./shell/theme/head-script";
import { dropOtherSchemeStyles } from "./shell/theme/other-scheme";
import { SaveLoadingColors } from "./shell/theme/save-loading-colors";
import { STATIC_STYLES_THEME } from "./shell/theme/static-styles";
// antd's rules that several components share, generated at build time; each component's own come
// with the modules that import it (vite/antd-static-styles-plugin.ts). Ours after.
import "virtual:antd-css/common.css";
import "./shell/theme/global.css";

export function loader({ context, params }: Route.LoaderArgs): RootData {
  const page = context;
  return {
    locale: isLocale(params.lang) ? params.lang : DEFAULT_LOCALE,
    site: page.site,
    user: page.user,
    colorMode: page.colorMode,
    systemScheme: page.systemScheme,
    captchaEnabled: page.captchaEnabled,
    themeEditorEnabled: page.themeEditorEnabled,
    device: detectDevice(page.userAgent),
    publicUrl: page.publicUrl,
    tenant: page.tenant,
    lookupSandbox: page.lookupSandbox,
    tenantCount: page.tenantCount,
    tenantAutoSelected: page.tenantAutoSelected,
    // The theme's map token for the scheme this page is rendered in (docs/performance.md, "Lighthouse").
    derivedTheme: derivedTheme(isDark(page.colorMode, page.systemScheme === "dark"), page.site.primaryColor),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The editor (with antd's colour picker) is its own script, fetched only on a page that opens it,
// so no other page's first load pays for it (docs/performance.md, "Page weight").
const ThemeEditor = lazyComponent(() => import("./features/theme-editor/theme-editor"), "ThemeEditor");

/** The theme editor, when the public configuration enables it and the address asks for it. */
function ThemeEditorWhenAsked({ enabled }: { enabled: boolean }) {
  const { search } = useLocation();
  if (!enabled || new URLSearchParams(search).get("theme_editor") !== "1") return null;
  return (
    <Suspense fallback={null}>
      <ThemeEditor />
    </Suspense>
  );
}

function Themed({ children }: { children: ReactNode }) {
  const { dark } = useColorMode();
  const data = useRouteLoaderData("root") as RootData | undefined;
  // The brand's tokens, with the theme editor's overrides when THEME_EDITOR_ENABLED.
  const brand = data?.site.primaryColor;
  const edited = useEditedTheme(
    dark,
    data?.themeEditorEnabled ?? false,
    brand,
    derivedTokenFor(data?.derivedTheme, dark, brand),
  );
  const theme = useMemo(() => ({ ...edited, ...STATIC_STYLES_THEME }), [edited]);
  useEffect(dropOtherSchemeStyles, []);
  return (
    <ConfigProvider theme={theme} locale={antdLocale(data?.locale ?? DEFAULT_LOCALE)}>
      {/* One message at a time (docs/architecture.md, "What a person meets first"). */}
      <AntApp message={{ maxCount: 1 }}>
        <SaveLoadingColors />
        {children}
        <ThemeEditorWhenAsked enabled={data?.themeEditorEnabled ?? false} />
      </AntApp>
    </ConfigProvider>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } }),
  );
  const mode = data?.colorMode ?? "system";
  const nonce = useNonce();
  const serverDark = isDark(mode, data?.systemScheme === "dark");
  return (
    <html
      lang={data?.locale ?? DEFAULT_LOCALE}
      className={serverDark ? "dark" : undefined}
      style={{ colorScheme: serverDark ? "dark" : "light" }}
      data-ssr-bg={mode === "system" && !data?.systemScheme ? undefined : "1"}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, run before paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, run before any module */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: NO_EVAL_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <QueryClientProvider client={queryClient}>
          <ColorModeProvider initialMode={mode} systemScheme={data?.systemScheme ?? null}>
            <Themed>{children}</Themed>
          </ColorModeProvider>
        </QueryClientProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function Root() {
  return (
    <>
      <ClientHooksBridge />
      <Outlet />
    </>
  );
}

/** Last resort, outside any language: plain English. Pages have their own translated boundary. */
export function ErrorBoundary() {
  return (
    <main style={{ padding: 48, fontFamily: "sans-serif" }}>
      <h1>Internal Server Error</h1>
      <p>
        <a href="/">Home</a>
      </p>
    </main>
  );
}
