import { formatMoney } from "@nc/contracts/money";
import { Alert, Card, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useAccountOverview } from "../api/account-overview";
import { useAccountSeries } from "../api/account-series";
import { BalanceChart } from "./balance-chart";

const DAYS = 30;

/** Balance at the end of each day and spending per day: the last 30 days, or fewer since the organisation was created. */
export function ChartCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const series = useAccountSeries(tenantId, DAYS);
  const overview = useAccountOverview(tenantId);
  const currency = overview.data?.currency ?? "USD";
  const money = (micros: string) => formatMoney(micros, currency, locale);
  const empty = series.data?.every((p) => p.balanceMicros === "0" && p.spendingMicros === "0");
  return (
    <Card title={t("account:chart.title")}>
      {series.isPending ? (
        <Skeleton active />
      ) : series.isError ? (
        <Alert type="error" showIcon title={errorText(series.error, t)} />
      ) : (
        <>
          {empty && <Typography.Paragraph type="secondary">{t("account:chart.empty")}</Typography.Paragraph>}
          <BalanceChart
            points={series.data}
            title={t("account:chart.title")}
            summary={t("account:chart.summary", { count: series.data.length })}
            balanceLabel={t("account:chart.balance")}
            spendingLabel={t("account:chart.spending")}
            formatAmount={money}
            pointLabel={(p) =>
              t("account:chart.point", {
                day: p.day,
                balance: money(p.balanceMicros),
                spending: money(p.spendingMicros),
              })
            }
          />
        </>
      )}
    </Card>
  );
}
