import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { SERVICES } from "@nc/contracts/services";
import { Card, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LinkButton } from "../../../shell/components/link-button";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";

/** One card per service, each with a button that opens Detection with that service chosen. */
export function ServiceStarts() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { can } = useTenantAccess();
  const canStart = can(ROUTE_PERMISSIONS.detection);
  return (
    <Row gutter={[16, 16]}>
      {SERVICES.map((s) => (
        <Col key={s.code} xs={24} sm={12} lg={8}>
          <Card
            title={<h3 style={{ font: "inherit", margin: 0 }}>{t(`services:${s.code}.name`)}</h3>}
            size="small"
            style={{ height: "100%" }}
            styles={{
              body: { display: "flex", flexDirection: "column", gap: 12, height: "calc(100% - 40px)" },
            }}
          >
            <Typography.Paragraph style={{ margin: 0, flex: 1 }}>
              {t(`services:${s.code}.description`)}
            </Typography.Paragraph>
            {canStart && (
              <LinkButton
                type="primary"
                ghost
                style={{ alignSelf: "flex-start" }}
                href={to(`/dashboard/detection?service=${s.code}`)}
                data-testid={`home-start-${s.code}`}
                aria-label={t("dashboard:home.startService", { service: t(`services:${s.code}.name`) })}
              >
                {t("dashboard:home.start")}
              </LinkButton>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
