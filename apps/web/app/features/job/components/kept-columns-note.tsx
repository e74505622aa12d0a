import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";

/**
 * Beside the file input: whether the file's other columns are kept for the results file (and
 * deleted with the job), as the organisation's setting says (docs/architecture.md, "The
 * customer's own columns"), with the way to the setting for those who may change it.
 */
export function KeptColumnsNote() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { tenant, can } = useTenantAccess();
  if (!tenant) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="kept-columns-note">
      {t(tenant.tenant.keepFileColumns ? "detection:file.columnsKept" : "detection:file.columnsNotKept")}{" "}
      {can(["tenant:update"]) && (
        <Link to={`${to("/dashboard/tenant")}?tab=settings`}>{t("detection:file.columnsSetting")}</Link>
      )}
    </Typography.Paragraph>
  );
}
