import type { Locale } from "@nc/contracts/locales";
import { API_KEY_SECURITY_SCHEME, OPENAPI_PATH } from "@nc/contracts/openapi";
import type { AnyApiReferenceConfiguration, ApiReferenceReact } from "@scalar/api-reference-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PRIMARY_COLOR } from "../../../shell/theme/tokens";

/** Scalar's interface languages for ours. */
const VIEWER_LOCALES: Record<Locale, string> = { en: "en", "zh-Hans": "zh-CN", es: "es", pt: "pt" };

/**
 * The interactive reference (Scalar), loaded in the browser only: the server sends a light page
 * and the viewer's code arrives on its own. It reads the document from this site, sends "try it"
 * requests to this site, and talks to no other: no proxy, no hosted fonts, no telemetry, no
 * assistant.
 */
export function ApiReferenceViewer({ locale, basePath }: { locale: Locale; basePath: string }) {
  const { t } = useTranslation();
  const [Viewer, setViewer] = useState<typeof ApiReferenceReact | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
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

  // One object for the viewer's life: a new one would make it reconfigure itself.
  const configuration = useMemo<AnyApiReferenceConfiguration>(
    () => ({
      url: OPENAPI_PATH,
      pathRouting: { basePath },
      layout: "modern",
      darkMode: true,
      forceDarkModeState: "dark",
      hideDarkModeToggle: true,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
      showToolbar: "never",
      // The stand-alone client lives on another site: "try it" stays in this page instead.
      hideClientButton: true,
      documentDownloadType: "json",
      authentication: {
        preferredSecurityScheme: API_KEY_SECURITY_SCHEME,
        securitySchemes: { [API_KEY_SECURITY_SCHEME]: { token: "" } },
      },
      defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
      localization: { locale: VIEWER_LOCALES[locale] },
      // The brand's colour; and the sidebar footer, which only advertises the viewer's maker, goes.
      customCss: `.dark-mode { --scalar-color-accent: ${PRIMARY_COLOR}; } .scalar-app .darklight-reference { display: none !important; }`,
    }),
    [locale, basePath],
  );

  if (failed) return <p className="docs-reference-status">{t("docs:reference.failed")}</p>;
  if (!Viewer)
    return (
      <p className="docs-reference-status" aria-busy="true">
        {t("docs:reference.loading")}
      </p>
    );
  return <Viewer configuration={configuration} />;
}
