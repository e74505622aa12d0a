import { SERVICES } from "@nc/contracts/services";
import { Card, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSessionUser } from "../../features/session/use-session-user";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("dashboard:home.title");

/** The signed-in start page: who is signed in, and what the service checks. */
export default function DashboardHome() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const user = useSessionUser();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }} data-testid="dashboard-welcome">
        {t("dashboard:home.welcome", { name: user?.name ?? "" })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t("dashboard:home.signedInAs", { email: user?.email ?? "" })} ·{" "}
        <Link to={to("/dashboard/profile")}>{t("profile:title")}</Link>
      </Typography.Paragraph>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t("dashboard:home.servicesTitle")}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {SERVICES.map((s) => (
          <Col key={s.code} xs={24} sm={12} lg={8}>
            <Card title={t(`services:${s.code}.name`)} size="small" style={{ height: "100%" }}>
              {t(`services:${s.code}.description`)}
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
