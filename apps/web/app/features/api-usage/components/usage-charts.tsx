import type { ApiUsageView } from "@nc/contracts/api-usage";
import { formatMoney } from "@nc/contracts/money";
import { Card, Col, Row, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import type { BarKey } from "../chart-series";
import { moneyAxisFormat } from "../money-axis";
import { useUsageFormat } from "../use-usage-format";
import { DailyBars } from "./daily-bars";

type Day = ApiUsageView["days"][number];

/** What one chart of the page says; the days and their labels are the period's, for all. */
type ChartProps = Omit<Parameters<typeof DailyBars>[0], "days" | "dayLabel"> & { testId: string };

/** Calls per day (successes and errors stacked), numbers checked per day and spend per day. */
export function UsageCharts({ usage }: { usage: ApiUsageView }) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const { locale } = useLocale();
  const f = useUsageFormat();
  const days = usage.days.map((d) => d.day);
  const currency = usage.totals.currency;
  const money = (units: number) => formatMoney(BigInt(Math.round(units * 1e6)), currency, locale);
  const period = { from: f.longDay(usage.from), to: f.longDay(usage.to) };

  // One series of bars, named by its key in the catalogue.
  const bar = (key: BarKey, colour: string, value: (day: Day) => number) => ({
    key,
    label: t(`apiUsage:charts.${key}`),
    colour,
    values: usage.days.map(value),
  });
  // Every chart: a card titled like the chart, over the period's days, full width or half.
  const cell = (chart: ChartProps, wide = false) => (
    <Col xs={24} lg={wide ? 24 : 12} key={chart.testId}>
      <Card title={chart.title} size="small" styles={{ body: { padding: "12px 16px 16px" } }}>
        <DailyBars days={days} dayLabel={f.day} {...chart} />
      </Card>
    </Col>
  );

  return (
    <Row gutter={[16, 16]}>
      {cell(
        {
          testId: "usage-chart-calls",
          title: t("apiUsage:charts.calls"),
          series: [
            bar("success", cssVar.colorPrimary, (d) => d.success),
            bar("errors", cssVar.colorError, (d) => d.errors),
          ],
          format: f.count,
          formatAxis: f.compact,
          summary: t("apiUsage:charts.callsSummary", { ...period, calls: f.count(usage.totals.calls) }),
          height: 240,
          totalLabel: t("apiUsage:charts.total"),
        },
        true,
      )}
      {cell({
        testId: "usage-chart-numbers",
        title: t("apiUsage:charts.numbers"),
        series: [bar("numbers", cssVar.colorPrimary, (d) => d.numbers)],
        format: f.count,
        formatAxis: f.compact,
        summary: t("apiUsage:charts.numbersSummary", { ...period, n: f.count(usage.totals.numbers) }),
        height: 180,
      })}
      {cell({
        testId: "usage-chart-spend",
        title: t("apiUsage:charts.spend"),
        series: [bar("spend", cssVar.colorWarning, (d) => f.units(d.costMicros))],
        format: money,
        formatAxis: (v, ticks) => moneyAxisFormat(ticks, currency, locale)(v),
        summary: t("apiUsage:charts.spendSummary", {
          ...period,
          amount: formatMoney(usage.totals.costMicros, currency, locale),
        }),
        height: 180,
      })}
    </Row>
  );
}
