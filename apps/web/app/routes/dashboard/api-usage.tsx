import { DownloadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Card, Col, Flex, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useApiUsage } from "../../features/api-usage/api/api-usage";
import { useExportApiUsage } from "../../features/api-usage/api/export-api-usage";
import { DaysTable } from "../../features/api-usage/components/days-table";
import { LatencyCard } from "../../features/api-usage/components/latency-card";
import { UsageBreakdowns } from "../../features/api-usage/components/usage-breakdowns";
import { UsageCharts } from "../../features/api-usage/components/usage-charts";
import { UsageEmpty } from "../../features/api-usage/components/usage-empty";
import { UsageFilterBar } from "../../features/api-usage/components/usage-filter-bar";
import { UsageKpis } from "../../features/api-usage/components/usage-kpis";
import { useUsageFilters } from "../../features/api-usage/use-usage-filters";
import { errorText, showApiError } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/**
 * API usage: the organisation's public API calls over a period (days in its time zone), read from
 * the daily rollup: figures, charts per day, where the calls went, latency, and the CSV export.
 */
export default function ApiUsagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale } = useLocale();
  const { tenant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const timeZone = tenant?.tenant.timezoneCode ?? "UTC";
  const state = useUsageFilters(timeZone);
  const usage = useApiUsage(tenantId, state.query);
  // The filters offer what the whole period saw; unfiltered this is the same (cached) read.
  const options = useApiUsage(tenantId, state.period);
  const exporter = useExportApiUsage(tenantId, locale);
  const data = usage.data;

  const download = async () => {
    try {
      await exporter.mutateAsync(state.query);
      void message.success(t("apiUsage:export.started"));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div>
          <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, marginBottom: 4 }}>
            {t("apiUsage:title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("apiUsage:lead")}</Typography.Text>
        </div>
        <Button
          icon={<DownloadOutlined />}
          onClick={download}
          loading={exporter.isPending}
          disabled={!data || data.totals.calls === 0}
          data-testid="usage-export"
        >
          {t("apiUsage:export.csv")}
        </Button>
      </Flex>
      <Card size="small">
        <UsageFilterBar
          state={state}
          keys={options.data?.byKey ?? []}
          endpoints={options.data?.byEndpoint.map((e) => e.endpoint) ?? []}
          services={options.data?.byService.map((s) => s.service) ?? []}
          timeZone={timeZone}
        />
      </Card>
      {usage.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(usage.error, t)}
          action={<Button onClick={() => usage.refetch()}>{t("apiUsage:retry")}</Button>}
        />
      ) : !data ? (
        <Row gutter={[12, 12]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} md={8}>
              <Card size="small">
                <Skeleton active paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : data.totals.calls === 0 ? (
        <UsageEmpty filtered={state.filtered} onClear={state.clearFilters} />
      ) : (
        <Flex
          vertical
          gap={16}
          style={{ opacity: usage.isPlaceholderData ? 0.6 : 1, transition: "opacity 0.2s" }}
          aria-busy={usage.isFetching}
          data-testid="usage-report"
        >
          <UsageKpis usage={data} />
          <UsageCharts usage={data} />
          <UsageBreakdowns usage={data} filters={state.filters} onFilter={state.filter} />
          <LatencyCard rows={data.latencyByEndpoint} />
          <DaysTable days={data.days} currency={data.totals.currency} />
        </Flex>
      )}
    </Flex>
  );
}
