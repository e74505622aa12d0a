import { KeyOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiReferenceViewer } from "../../features/docs/components/api-reference-viewer";
import { DocsHeader } from "../../features/docs/components/docs-header";
import { API_REFERENCE_PATH, guidesPathOf } from "../../features/docs/doc-sections";
import { docNav } from "../../features/docs/docs-content.server";
import { useDocTheme } from "../../features/docs/use-doc-theme";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";
import "../../features/docs/docs.css";
import type { Route } from "./+types/reference";

/** /docs and every deeper path no guide claims: the viewer's own links (/docs/tag/…) land here. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { guidesPath: guidesPathOf(await docNav(params.lang, context)) };
}

export const meta = pageMeta("docs:reference.title", "docs:reference.description");

/** The interactive API reference, in the site's colour mode. */
export default function ApiReferencePage({ loaderData }: Route.ComponentProps) {
  const { guidesPath } = loaderData;
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const style = useDocTheme();
  return (
    <div className="docs-shell docs-reference" style={style}>
      <DocsHeader active="reference" guidesPath={guidesPath} />
      <div className="docs-key-hint">
        <KeyOutlined />
        <span>{t("docs:reference.keyHint")}</span>
        <Link to={to("/dashboard/api-keys")}>{t("docs:reference.keyLink")} →</Link>
      </div>
      <main id="content">
        <ApiReferenceViewer locale={locale} basePath={to(API_REFERENCE_PATH)} />
      </main>
    </div>
  );
}
