import { formatMoney } from "@nc/contracts/money";
import type { OperatorMarginRow, OperatorProviderHealth } from "@nc/contracts/operator";
import { LOOKUP_KIND_CODES } from "@nc/contracts/services";
import { Alert, Card, Descriptions, Space, type TableColumnType, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useProviders } from "../../features/operator/api/providers";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { PageHeading } from "../../features/operator/components/page-heading";
import { marginCells } from "../../features/operator/setup/price-format";
import { serviceLabel } from "../../features/operator/setup/service-label";
import { stackedColumns } from "../../shell/components/stacked-columns";
import { useNarrow } from "../../shell/device/use-narrow";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operatorSetup:providers.title");

const h2 = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

/**
 * /operator/providers: each look-up provider's last hour, the routing settings and what a check
 * earns against what it cost (docs/providers.md); a loss is written out, not only coloured.
 */
export default function OperatorProvidersPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const view = useProviders();
  const narrow = useNarrow();
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const ms = (value: number | null) =>
    value === null ? "—" : t("operatorSetup:providers.ms", { value: number.format(value) });

  type HealthColumn = TableColumnType<OperatorProviderHealth>;
  const health: HealthColumn[] = [
    {
      key: "name",
      title: t("operatorSetup:providers.name"),
      render: (_, p) => (
        <Space orientation="vertical" size={2}>
          <strong>{p.name}</strong>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.answers.join(", ")}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: "calls",
      title: t("operatorSetup:providers.calls"),
      align: "right",
      render: (_, p) => number.format(p.lastHour.calls),
    },
    {
      key: "errors",
      title: t("operatorSetup:providers.errorRate"),
      align: "right",
      render: (_, p) =>
        t("operatorSetup:providers.errorsOf", {
          rate: percent.format(p.lastHour.errorRate),
          errors: number.format(p.lastHour.errors),
        }),
    },
    {
      key: "credit",
      title: t("operatorSetup:providers.creditErrors"),
      align: "right",
      render: (_, p) => number.format(p.lastHour.creditErrors),
    },
    {
      key: "latency",
      title: t("operatorSetup:providers.latency"),
      align: "right",
      render: (_, p) => `${ms(p.lastHour.p50Ms)} / ${ms(p.lastHour.p99Ms)}`,
    },
    {
      key: "breaker",
      title: t("operatorSetup:providers.breaker"),
      render: (_, p) => (
        <Space orientation="vertical" size={2}>
          <Tag color={p.breaker === "open" ? "red" : "green"}>
            {p.breaker === "open"
              ? t("operatorSetup:providers.breakerOpen")
              : t("operatorSetup:providers.breakerClosed")}
          </Tag>
          {p.openTenants > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t("operatorSetup:providers.openTenants", { count: p.openTenants })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: "flight",
      title: t("operatorSetup:providers.inFlight"),
      align: "right",
      render: (_, p) => (
        <>
          {t("operatorSetup:providers.inFlightValue", {
            active: number.format(p.concurrency.active),
            limit: number.format(p.concurrency.limit),
            waiting: number.format(p.concurrency.waiting),
          })}
          {/* Slow calls that gave their slot back (docs/providers.md, "Stragglers"), when there are any. */}
          {p.concurrency.stragglers > 0 && (
            <Typography.Text type="secondary" style={{ display: "block" }}>
              {t("operatorSetup:providers.stragglersValue", { count: p.concurrency.stragglers })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: "cost",
      title: t("operatorSetup:providers.cost"),
      align: "right",
      render: (_, p) =>
        p.lastHour.costs.length === 0 ? (
          <Typography.Text type="secondary">{t("operatorSetup:providers.noCost")}</Typography.Text>
        ) : (
          <Space orientation="vertical" size={0}>
            {p.lastHour.costs.map((c) => (
              <span key={c.currency}>
                {t("operatorSetup:providers.costValue", {
                  cost: formatMoney(String(Math.round(c.averageMicros)), c.currency, locale),
                  calls: number.format(c.calls),
                })}
              </span>
            ))}
          </Space>
        ),
    },
  ];

  type MarginColumn = TableColumnType<OperatorMarginRow>;
  const margins: MarginColumn[] = [
    {
      key: "service",
      title: t("operatorSetup:prices.service"),
      render: (_, m) => serviceLabel(t, m.service),
    },
    {
      key: "list",
      title: t("operatorSetup:providers.list"),
      render: (_, m) =>
        m.list === "partner" ? (m.partnerName ?? "—") : t("operatorSetup:prices.scopes.standard"),
    },
    {
      key: "price",
      title: t("operatorSetup:prices.price"),
      align: "right",
      render: (_, m) => marginCells(m, locale).price,
    },
    {
      key: "cost",
      title: t("operatorSetup:providers.costPerCheck"),
      align: "right",
      render: (_, m) =>
        marginCells(m, locale).cost ?? (
          <Typography.Text type="secondary">{t("operatorSetup:providers.noCost")}</Typography.Text>
        ),
    },
    {
      key: "margin",
      title: t("operatorSetup:providers.margin"),
      align: "right",
      render: (_, m) => {
        const cells = marginCells(m, locale);
        if (cells.margin === null) return "—";
        return cells.negative ? (
          <Space size={6} data-testid="margin-negative">
            <Tag color="red">{t("operatorSetup:providers.loss")}</Tag>
            <Typography.Text type="danger" strong>
              {cells.margin}
            </Typography.Text>
          </Space>
        ) : (
          cells.margin
        );
      },
    },
  ];

  const settings = view.data?.settings;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading
        title={t("operatorSetup:providers.title")}
        subtitle={t("operatorSetup:providers.subtitle")}
      />
      {settings?.sandbox && (
        <Alert
          type="info"
          showIcon
          title={t("operatorSetup:providers.sandboxNote")}
          data-testid="providers-sandbox"
        />
      )}
      <Card title={h2(t("operatorSetup:providers.health"))}>
        <ConsoleTable<OperatorProviderHealth>
          error={view.error}
          emptyText={t("operatorSetup:providers.empty")}
          label={t("operatorSetup:providers.health")}
          rowKey="name"
          loading={view.isPending}
          dataSource={view.data?.providers ?? []}
          pagination={false}
          columns={stackedColumns(health, narrow)}
          scroll={narrow ? undefined : { x: "max-content" }}
          data-testid="provider-health"
        />
      </Card>
      {settings && (
        <Card title={h2(t("operatorSetup:providers.settings"))}>
          <Descriptions
            column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 3 }}
            data-testid="provider-settings"
            items={[
              {
                key: "sandbox",
                label: t("operatorSetup:providers.sandbox"),
                children: settings.sandbox ? t("operatorSetup:yes") : t("operatorSetup:no"),
              },
              {
                key: "routes",
                label: t("operatorSetup:providers.routes"),
                children: settings.routes ?? t("operatorSetup:providers.defaultRoutes"),
              },
              // One row per look-up kind, named by the service that sells it alone (every kind has
              // one: tests/new-service-files.test.ts), so a new kind needs no label of its own.
              ...LOOKUP_KIND_CODES.map((kind) => ({
                key: kind,
                label: t("operatorSetup:providers.chain", { name: t(`services:${kind}.name`) }),
                children: settings.chains[kind].join(" → ") || "—",
              })),
              {
                key: "concurrency",
                label: t("operatorSetup:providers.concurrency"),
                children: settings.concurrency,
              },
              {
                key: "timeout",
                label: t("operatorSetup:providers.timeout"),
                children: ms(settings.timeoutMs),
              },
              {
                key: "deadline",
                label: t("operatorSetup:providers.deadline"),
                children: ms(settings.deadlineMs),
              },
              {
                key: "straggler",
                label: t("operatorSetup:providers.straggler"),
                children:
                  settings.stragglerMs > 0
                    ? ms(settings.stragglerMs)
                    : t("operatorSetup:providers.stragglerOff"),
              },
              {
                key: "cache",
                label: t("operatorSetup:providers.cache"),
                children: t("operatorSetup:providers.hours", {
                  count: settings.cacheHours,
                  formatted: number.format(settings.cacheHours),
                }),
              },
            ]}
          />
        </Card>
      )}
      <Card title={h2(t("operatorSetup:providers.margins"))}>
        <Typography.Paragraph type="secondary">
          {t("operatorSetup:providers.marginsHelp")}
        </Typography.Paragraph>
        <ConsoleTable<OperatorMarginRow>
          error={view.error}
          emptyText={t("operatorSetup:providers.noMargins")}
          label={t("operatorSetup:providers.margins")}
          rowKey={(m) => `${m.service}-${m.list}-${m.partnerId ?? ""}-${m.currency}`}
          loading={view.isPending}
          dataSource={view.data?.margins ?? []}
          pagination={false}
          columns={stackedColumns(margins, narrow)}
          scroll={narrow ? undefined : { x: "max-content" }}
          data-testid="provider-margins"
        />
      </Card>
    </Space>
  );
}
