import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MoneySummary } from "../../features/dashboard-home/components/money-summary";
import { RecentJobsCard } from "../../features/dashboard-home/components/recent-jobs-card";
import { ServiceStarts } from "../../features/dashboard-home/components/service-starts";
import { Can } from "../../shell/access/can";
import { useLocale } from "../../shell/i18n/use-locale";
import { useSessionUser } from "../../shell/session/use-session-user";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/**
 * The signed-in start page: the balance (a new organisation's welcome credit first shows here)
 * and this month's spending, the newest checks, and one click to start each service. Each part
 * shows only to roles that may open what it leads to.
 */
export default function DashboardHome() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const user = useSessionUser();
  const { tenant, can } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }} data-testid="dashboard-welcome">
          {t("dashboard:home.welcome", { name: user?.name ?? "" })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t("dashboard:home.signedInAs", { email: user?.email ?? "" })}
          {tenant ? ` · ${tenant.tenant.name}` : ""} ·{" "}
          <Link to={to("/dashboard/profile")}>{t("profile:title")}</Link>
        </Typography.Paragraph>
      </div>
      {tenantId && (
        <Can permissions={ROUTE_PERMISSIONS.account}>
          <MoneySummary tenantId={tenantId} />
        </Can>
      )}
      <section aria-labelledby="home-services">
        <Typography.Title level={2} style={{ fontSize: 18 }} id="home-services">
          {t("dashboard:home.servicesTitle")}
        </Typography.Title>
        <ServiceStarts />
      </section>
      {tenantId && (
        <Can permissions={ROUTE_PERMISSIONS.history}>
          <RecentJobsCard tenantId={tenantId} canStart={can(ROUTE_PERMISSIONS.detection)} />
        </Can>
      )}
    </Space>
  );
}
