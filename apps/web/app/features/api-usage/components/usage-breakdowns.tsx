import type { ApiUsageView, UsageCounts } from "@nc/contracts/api-usage";
import { USAGE_NO_SERVICE } from "@nc/contracts/api-usage";
import { formatMoney } from "@nc/contracts/money";
import { Button, Card, Col, Row, Segmented, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FacetBar } from "../../../shell/components/facet-bar";
import { useLocale } from "../../../shell/i18n/use-locale";
import { statusTone, useUsageLabels } from "../usage-labels";
import type { UsageFilters } from "../use-usage-filters";
import { useUsageFormat } from "../use-usage-format";

type Metric = "calls" | "numbers" | "spend";
const METRICS: Record<Metric, string> = {
  calls: "apiUsage:breakdown.metric.calls",
  numbers: "apiUsage:breakdown.metric.numbers",
  spend: "apiUsage:breakdown.metric.spend",
};

/** Bars shown before "show all". */
const FIRST = 6;

interface Slice {
  id: string;
  text: string;
  counts: UsageCounts;
  colour: string;
  /** The filter a click sets; slices that cannot filter (statuses) have none. */
  filter?: Partial<UsageFilters>;
}

/**
 * Where the calls went: by key, endpoint, service and status, as bars with their share. Clicking a
 * key, endpoint or service filters the whole page to it (again: clears it).
 */
export function UsageBreakdowns({
  usage,
  filters,
  onFilter,
}: {
  usage: ApiUsageView;
  filters: UsageFilters;
  onFilter: (next: Partial<UsageFilters>) => void;
}) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const label = useUsageLabels();
  const [metric, setMetric] = useState<Metric>("calls");
  const tones = { success: cssVar.colorSuccess, warning: cssVar.colorWarning, error: cssVar.colorError };
  const groups: { key: string; title: string; slices: Slice[]; metric: Metric }[] = [
    {
      key: "key",
      title: t("apiUsage:breakdown.byKey"),
      metric,
      slices: usage.byKey.map((k) => ({
        id: k.apiKeyId,
        text: label.key(k),
        counts: k,
        colour: cssVar.colorPrimary,
        filter: { apiKeyId: k.apiKeyId },
      })),
    },
    {
      key: "endpoint",
      title: t("apiUsage:breakdown.byEndpoint"),
      metric,
      slices: usage.byEndpoint.map((e) => ({
        id: e.endpoint,
        text: e.endpoint,
        counts: e,
        colour: cssVar.colorPrimary,
        filter: { endpoint: e.endpoint },
      })),
    },
    {
      key: "service",
      title: t("apiUsage:breakdown.byService"),
      metric,
      slices: usage.byService.map((s) => ({
        id: s.service,
        text: label.service(s.service),
        counts: s,
        colour: cssVar.colorPrimary,
        filter: { service: s.service === "" ? USAGE_NO_SERVICE : s.service },
      })),
    },
    {
      key: "status",
      title: t("apiUsage:breakdown.byStatus"),
      metric: "calls",
      slices: usage.byStatus.map((s) => ({
        id: String(s.status),
        text: label.status(s.status),
        counts: s,
        colour: tones[statusTone(s.status) as keyof typeof tones],
      })),
    },
  ];

  return (
    <Card
      size="small"
      title={t("apiUsage:breakdown.title")}
      extra={
        <Segmented<Metric>
          size="small"
          value={metric}
          onChange={setMetric}
          options={Object.entries(METRICS).map(([m, key]) => ({ value: m as Metric, label: t(key) }))}
          data-testid="usage-breakdown-metric"
        />
      }
    >
      <Row gutter={[16, 16]}>
        {groups.map((g) => (
          <Col key={g.key} xs={24} md={12} xl={6}>
            <SliceList
              title={g.title}
              slices={g.slices}
              metric={g.metric}
              currency={usage.totals.currency}
              testId={`usage-by-${g.key}`}
              isActive={(s) =>
                s.filter !== undefined &&
                Object.entries(s.filter).every(([k, v]) => filters[k as keyof UsageFilters] === v)
              }
              onSelect={(s, active) =>
                s.filter &&
                onFilter(
                  active ? Object.fromEntries(Object.keys(s.filter).map((k) => [k, undefined])) : s.filter,
                )
              }
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function SliceList({
  title,
  slices,
  metric,
  currency,
  testId,
  isActive,
  onSelect,
}: {
  title: string;
  slices: Slice[];
  metric: Metric;
  currency: string;
  testId: string;
  isActive: (s: Slice) => boolean;
  onSelect: (s: Slice, active: boolean) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { locale } = useLocale();
  const f = useUsageFormat();
  const [all, setAll] = useState(false);
  const value = (c: UsageCounts) =>
    metric === "calls" ? c.calls : metric === "numbers" ? c.numbers : f.units(c.costMicros);
  const shown = [...slices].sort((a, b) => value(b.counts) - value(a.counts));
  const total = shown.reduce((sum, s) => sum + value(s.counts), 0);
  const max = Math.max(1e-9, ...shown.map((s) => value(s.counts)));
  const text = (c: UsageCounts) =>
    metric === "spend" ? formatMoney(c.costMicros, currency, locale) : f.count(value(c));

  return (
    <section data-testid={testId} aria-label={title}>
      <Typography.Text strong style={{ display: "block", marginBottom: 6 }}>
        {title}
      </Typography.Text>
      {shown.length === 0 ? (
        <Typography.Text type="secondary">{t("apiUsage:breakdown.empty")}</Typography.Text>
      ) : (
        <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 2 }}>
          {(all ? shown : shown.slice(0, FIRST)).map((s) => {
            const active = isActive(s);
            const share = total > 0 ? f.percent(value(s.counts) / total) : f.percent(0);
            return (
              <li key={s.id} style={{ minWidth: 0 }}>
                <FacetBar
                  text={s.text}
                  count={`${text(s.counts)} · ${share}`}
                  width={Math.max((value(s.counts) / max) * 100, 1)}
                  colour={s.colour}
                  active={active}
                  onClick={s.filter ? () => onSelect(s, active) : undefined}
                />
              </li>
            );
          })}
        </ul>
      )}
      {shown.length > FIRST && (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 4, fontSize: token.fontSizeSM }}
          onClick={() => setAll((a) => !a)}
        >
          {all ? t("apiUsage:breakdown.showFewer") : t("apiUsage:breakdown.showAll", { n: shown.length })}
        </Button>
      )}
    </section>
  );
}
