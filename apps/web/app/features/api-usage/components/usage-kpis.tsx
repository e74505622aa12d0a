import type { ApiUsageView } from "@nc/contracts/api-usage";
import { formatMoney } from "@nc/contracts/money";
import { Card, Col, Row, Statistic, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useUsageFormat } from "../use-usage-format";

/** The period at a glance: calls, error rate, numbers, spend and latency, one card each. */
export function UsageKpis({ usage }: { usage: ApiUsageView }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { token, cssVar } = theme.useToken();
  const narrow = useNarrow();
  const f = useUsageFormat();
  const { totals } = usage;
  const errorRate = totals.calls > 0 ? totals.errors / totals.calls : 0;
  const cards: { key: string; title: string; value: string; note: ReactNode; tone?: string }[] = [
    {
      key: "calls",
      title: t("apiUsage:kpi.calls"),
      value: f.count(totals.calls),
      note: t("apiUsage:kpi.perDay", {
        n: f.count(Math.round(totals.calls / Math.max(1, usage.days.length))),
      }),
    },
    {
      key: "errorRate",
      title: t("apiUsage:kpi.errorRate"),
      value: f.percent(errorRate),
      note: t("apiUsage:kpi.errors", { count: totals.errors, n: f.count(totals.errors) }),
      tone: errorRate >= 0.05 ? cssVar.colorError : errorRate > 0 ? cssVar.colorWarning : undefined,
    },
    {
      key: "numbers",
      title: t("apiUsage:kpi.numbers"),
      value: f.count(totals.numbers),
      note: t("apiUsage:kpi.numbersNote"),
    },
    {
      key: "spend",
      title: t("apiUsage:kpi.spend"),
      value: formatMoney(totals.costMicros, totals.currency, locale),
      note: t("apiUsage:kpi.currency", { currency: totals.currency }),
    },
    {
      key: "p50",
      title: t("apiUsage:kpi.p50"),
      value: f.ms(totals.latency.p50),
      note: t("apiUsage:kpi.average", { value: f.ms(totals.latency.avgMs) }),
    },
    {
      key: "p99",
      title: t("apiUsage:kpi.p99"),
      value: f.ms(totals.latency.p99),
      note: t("apiUsage:kpi.p90", { value: f.ms(totals.latency.p90) }),
    },
  ];
  return (
    <Row gutter={[12, 12]} data-testid="usage-kpis">
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: "100%" }} styles={{ body: { padding: narrow ? 12 : 16 } }}>
            <Statistic
              title={c.title}
              value={c.value}
              data-testid={`usage-kpi-${c.key}`}
              styles={{
                content: {
                  fontSize: narrow ? token.fontSizeHeading4 : token.fontSizeHeading3,
                  fontVariantNumeric: "tabular-nums",
                  color: c.tone,
                  whiteSpace: "nowrap",
                },
              }}
            />
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {c.note}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
