import { formatMoney } from "@nc/contracts/money";
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useAccountOverview } from "../api/account-overview";
import { WelcomeCreditNote } from "./welcome-credit-note";

/** Balance and spending this month, with the low-balance threshold when one is set. */
export function BalanceCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const overview = useAccountOverview(tenantId);
  if (overview.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  if (overview.isError) return <Alert type="error" showIcon title={errorText(overview.error, t)} />;
  const o = overview.data;
  const money = (micros: string) => formatMoney(micros, o.currency, locale);
  return (
    <Card data-testid="account-balance-card">
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={12}>
          <Statistic
            title={t("account:balance.title")}
            value={money(o.balanceMicros)}
            data-testid="account-balance"
          />
          <WelcomeCreditNote overview={o} />
          <Typography.Text type="secondary">
            {o.lowBalanceThresholdMicros === null
              ? t("account:balance.thresholdOff")
              : t("account:balance.threshold", { amount: money(o.lowBalanceThresholdMicros) })}
          </Typography.Text>
        </Col>
        <Col xs={24} sm={12}>
          <Statistic
            title={t("account:balance.spendingThisMonth")}
            value={money(o.spendingThisMonthMicros)}
            data-testid="account-spending"
          />
        </Col>
      </Row>
    </Card>
  );
}
