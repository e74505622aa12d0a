import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("dashboard:forbidden.title");

/** Where a page the user may not open sends them (docs/architecture.md, "Organisations and access"; docs/security.md, "Roles and rights inside an organisation"). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Result
      status="403"
      title={<h1 style={{ margin: 0, fontSize: 28 }}>{t("dashboard:forbidden.title")}</h1>}
      subTitle={t("dashboard:forbidden.text")}
      extra={
        <Link to={to("/dashboard")}>
          <Button type="primary">{t("dashboard:forbidden.back")}</Button>
        </Link>
      }
    />
  );
}
