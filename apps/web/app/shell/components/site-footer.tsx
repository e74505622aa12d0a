import { theme } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { useLocale } from "../i18n/use-locale";
import type { RootData } from "../root-data";

export function SiteFooter() {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const { to } = useLocale();
  const site = (useRouteLoaderData("root") as RootData | undefined)?.site;
  return (
    <footer style={{ textAlign: "center", padding: "16px", color: cssVar.colorTextSecondary, fontSize: 13 }}>
      © {new Date().getFullYear()} {site?.name} ·{" "}
      <Link to={to("/coverage")} style={{ color: cssVar.colorTextSecondary }}>
        {t("coverage:footerLink")}
      </Link>{" "}
      ·{" "}
      <a href={`mailto:${site?.email}`} style={{ color: cssVar.colorTextSecondary }}>
        {t("common:footer.support")}: {site?.email}
      </a>
    </footer>
  );
}
