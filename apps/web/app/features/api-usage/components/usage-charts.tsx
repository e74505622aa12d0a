import type { ApiUsageView } from "@nc/contracts/api-usage";
import { formatMoney } from "@nc/contracts/money";
import { Card, Col, Row, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useUsageFormat } from "../use-usage-format";
import { DailyBars } from "./daily-bars";

/** Calls per day (successes and errors stacked), numbers checked per day and spend per day. */
export function UsageCharts({ usage }: { usage: ApiUsageView }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { locale } = useLocale();
  const f = useUsageFormat();
  const days = usage.days.map((d) => d.day);
  const currency = usage.totals.currency;
  const moneyAxis = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 2,
  });
  const money = (units: number) => formatMoney(BigInt(Math.round(units * 1e6)), currency, locale);
  const period = { from: f.longDay(usage.from), to: f.longDay(usage.to) };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card
          title={t("apiUsage:charts.calls")}
          size="small"
          styles={{ body: { padding: "12px 16px 16px" } }}
        >
          <DailyBars
            testId="usage-chart-calls"
            days={days}
            series={[
              {
                key: "success",
                label: t("apiUsage:charts.success"),
                colour: token.colorPrimary,
                values: usage.days.map((d) => d.success),
              },
              {
                key: "errors",
                label: t("apiUsage:charts.errors"),
                colour: token.colorError,
                values: usage.days.map((d) => d.errors),
              },
            ]}
            format={f.count}
            formatAxis={f.compact}
            dayLabel={f.day}
            title={t("apiUsage:charts.calls")}
            summary={t("apiUsage:charts.callsSummary", { ...period, calls: f.count(usage.totals.calls) })}
            height={240}
            totalLabel={t("apiUsage:charts.total")}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={t("apiUsage:charts.numbers")}
          size="small"
          styles={{ body: { padding: "12px 16px 16px" } }}
        >
          <DailyBars
            testId="usage-chart-numbers"
            days={days}
            series={[
              {
                key: "numbers",
                label: t("apiUsage:charts.numbers"),
                colour: token.colorPrimary,
                values: usage.days.map((d) => d.numbers),
              },
            ]}
            format={f.count}
            formatAxis={f.compact}
            dayLabel={f.day}
            title={t("apiUsage:charts.numbers")}
            summary={t("apiUsage:charts.numbersSummary", { ...period, n: f.count(usage.totals.numbers) })}
            height={180}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={t("apiUsage:charts.spend")}
          size="small"
          styles={{ body: { padding: "12px 16px 16px" } }}
        >
          <DailyBars
            testId="usage-chart-spend"
            days={days}
            series={[
              {
                key: "spend",
                label: t("apiUsage:charts.spend"),
                colour: token.colorWarning,
                values: usage.days.map((d) => f.units(d.costMicros)),
              },
            ]}
            format={money}
            formatAxis={(v) => moneyAxis.format(v)}
            dayLabel={f.day}
            title={t("apiUsage:charts.spend")}
            summary={t("apiUsage:charts.spendSummary", {
              ...period,
              amount: formatMoney(usage.totals.costMicros, currency, locale),
            })}
            height={180}
          />
        </Card>
      </Col>
    </Row>
  );
}
