import type { Locale } from "@nc/contracts/locales";
import { API_KEY_SECURITY_SCHEME, OPENAPI_PATH } from "@nc/contracts/openapi";
import type { AnyApiReferenceConfiguration, ApiReferenceReact } from "@scalar/api-reference-react";
import { theme } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useColorMode } from "../../../shell/theme/color-mode";
import { useTokenHint } from "../use-token-hint";
import { defaultSampleClient, HIDDEN_CLIENTS } from "../viewer-clients";
import { viewerCss } from "../viewer-theme";

/** Scalar's interface languages for ours. */
const VIEWER_LOCALES: Record<Locale, string> = { en: "en", "zh-Hans": "zh-CN", es: "es", pt: "pt" };

/**
 * The interactive reference (Scalar), loaded in the browser only: the server sends a light page
 * and the viewer's code arrives on its own. It reads the document from this site, sends "try it"
 * requests to this site, and talks to no other: no proxy, no hosted fonts, no telemetry, no
 * assistant. It follows the site's colour mode, and the document it reads is in the page's
 * language (the descriptions we write; names, paths and codes stay as they are).
 */
export function ApiReferenceViewer({ locale, basePath }: { locale: Locale; basePath: string }) {
  const { t } = useTranslation();
  const [Viewer, setViewer] = useState<typeof ApiReferenceReact | null>(null);
  const [failed, setFailed] = useState(false);
  const { dark } = useColorMode();
  // The brand colour as the theme made it readable in this mode (a partner's too).
  const accent = theme.useToken().token.colorPrimary;
  const tokenHint = useTokenHint();
  // Read in the browser only (the viewer never renders on the server).
  const [firstClient, setFirstClient] = useState<ReturnType<typeof defaultSampleClient>>();

  useEffect(() => {
    let live = true;
    setFirstClient(defaultSampleClient());
    Promise.all([
      import("@scalar/api-reference-react"),
      import("@scalar/api-reference-react/style.css"),
    ]).then(
      ([module]) => live && setViewer(() => module.ApiReferenceReact),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  // One object until the language or the colour mode changes: a new one makes it reconfigure itself.
  const configuration = useMemo<AnyApiReferenceConfiguration>(
    () => ({
      url: `${OPENAPI_PATH}?locale=${encodeURIComponent(locale)}`,
      pathRouting: { basePath },
      layout: "modern",
      darkMode: dark,
      forceDarkModeState: dark ? "dark" : "light",
      hideDarkModeToggle: true,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      // Not the deprecated showToolbar: the viewer logs a warning for it on every load.
      showDeveloperTools: "never",
      // The stand-alone client lives on another site: "try it" stays in this page instead.
      hideClientButton: true,
      documentDownloadType: "json",
      authentication: {
        preferredSecurityScheme: API_KEY_SECURITY_SCHEME,
        securitySchemes: { [API_KEY_SECURITY_SCHEME]: { token: "" } },
      },
      // Samples in curl, Node.js (our SDK, x-codeSamples of the document), Python, PHP, Go, Java
      // and C#; the reader's last choice is the viewer's own to remember (viewer-clients.ts).
      hiddenClients: HIDDEN_CLIENTS,
      ...(firstClient ? { defaultHttpClient: firstClient } : {}),
      localization: {
        locale: VIEWER_LOCALES[locale],
        translations: {
          // A group's "Show more" button is named "Show all … endpoints", which does not contain
          // its visible text (WCAG 2.5.3, label in name): both start with the same words here.
          actions: { showMore: t("docs:reference.showMore") },
          navigation: { showAllEndpoints: t("docs:reference.showAllEndpoints") },
          // The empty token field shows which of the reader's test keys to paste; never a secret.
          ...(tokenHint ? { apiClient: { requestAuthTab: { token: tokenHint } } } : {}),
        },
      },
      customCss: viewerCss(accent),
    }),
    [locale, basePath, dark, accent, tokenHint, firstClient, t],
  );

  if (failed) return <p className="docs-reference-status">{t("docs:reference.failed")}</p>;
  if (!Viewer || firstClient === undefined)
    return (
      <p className="docs-reference-status" aria-busy="true">
        {t("docs:reference.loading")}
      </p>
    );
  return <Viewer configuration={configuration} />;
}
