import { formatMoney } from "@nc/contracts/money";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Alert, Card, Col, Row, Skeleton, Statistic } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shell/access/can";
import { LinkButton } from "../../../shell/components/link-button";
import { errorText } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useAccountOverview, WelcomeCreditNote } from "../../account";

/** The balance (a new organisation's welcome credit shows here first) and this month's spending. */
export function MoneySummary({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const overview = useAccountOverview(tenantId);
  if (overview.isError) return <Alert type="error" showIcon title={errorText(overview.error, t)} />;
  const o = overview.data;
  const money = (micros: string) => (o ? formatMoney(micros, o.currency, locale) : "");
  return (
    <Row gutter={[16, 16]}>
      <Figure title={t("dashboard:home.balance")} value={o && money(o.balanceMicros)} testId="home-balance">
        {o && <WelcomeCreditNote overview={o} />}
        <div style={{ marginTop: 8, display: "flex", gap: 8, flexWrap: "wrap" }}>
          <Can permissions={ROUTE_PERMISSIONS.recharge}>
            <LinkButton type="primary" size="small" href={to("/dashboard/account/recharge")}>
              {t("dashboard:home.recharge")}
            </LinkButton>
          </Can>
          <LinkButton size="small" href={to("/dashboard/account")}>
            {t("dashboard:home.account")}
          </LinkButton>
        </div>
      </Figure>
      <Figure
        title={t("dashboard:home.spentThisMonth")}
        value={o && money(o.spendingThisMonthMicros)}
        testId="home-spend"
      />
    </Row>
  );
}

/** One figure in a card, a placeholder while it loads. */
function Figure(props: { title: string; value: string | undefined; testId: string; children?: ReactNode }) {
  return (
    <Col xs={24} sm={12}>
      <Card size="small" style={{ height: "100%" }}>
        {props.value === undefined ? (
          <Skeleton active paragraph={false} />
        ) : (
          <Statistic title={props.title} value={props.value} data-testid={props.testId} />
        )}
        {props.children}
      </Card>
    </Col>
  );
}
