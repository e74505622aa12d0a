import type { Transaction } from "@nc/contracts/account";
import { amountText } from "@nc/contracts/account";
import { formatMoney } from "@nc/contracts/money";
import { Alert, App, Button, Card, Form, Input, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DateRangeField } from "../../../shell/components/date-range-field";
import { LoadMore } from "../../../shell/components/load-more";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { VisuallyHidden } from "../../../shell/components/visually-hidden";
import { useNarrow } from "../../../shell/device/use-narrow";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { listLoading } from "../../../shell/http/filtered-list";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { type ExportFormat, useExportTransactions } from "../api/export-transactions";
import { type TransactionFilters, useTransactions } from "../api/transactions";
import { TRADE_TYPE_LABEL_KEYS, TRADE_TYPE_NUMBERS } from "../trade-type";

interface FilterForm {
  tradeType?: number[];
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
}

/** The ledger, newest first: filters, "load more" keyset paging, CSV and XLSX export. */
export function TransactionsCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale, to } = useLocale();
  const date = useTenantDate();
  const narrow = useNarrow();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<TransactionFilters>({});
  const list = useTransactions(tenantId, filters);
  const exporter = useExportTransactions(tenantId, locale);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const currency = list.data?.pages[0]?.currency ?? "USD";
  const money = (micros: string) => formatMoney(micros, currency, locale);
  const amountRule = {
    validator: (_r: unknown, value?: string) =>
      !value || amountText.safeParse(value.trim()).success
        ? Promise.resolve()
        : Promise.reject(new Error(t("account:filters.invalidAmount"))),
  };

  const apply = (v: FilterForm) =>
    setFilters({
      tradeType: v.tradeType?.length ? v.tradeType : undefined,
      from: v.from || undefined,
      to: v.to || undefined,
      minAmount: v.minAmount?.trim() || undefined,
      maxAmount: v.maxAmount?.trim() || undefined,
    });

  const download = async (format: ExportFormat) => {
    try {
      await exporter.mutateAsync({ format, filters });
      void message.success(t("account:export.started"));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  const amountWidth = { width: narrow ? "100%" : 120 };

  return (
    <Card
      title={t("account:transactions.title")}
      data-testid="transactions-card"
      extra={
        <Space size={narrow ? 4 : 8}>
          <Button
            size={narrow ? "small" : undefined}
            onClick={() => download("csv")}
            loading={exporter.isPending && exporter.variables?.format === "csv"}
          >
            {t("account:export.csv")}
          </Button>
          <Button
            size={narrow ? "small" : undefined}
            onClick={() => download("xlsx")}
            loading={exporter.isPending && exporter.variables?.format === "xlsx"}
          >
            {t("account:export.xlsx")}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        // On a phone the fields stack, full width; the inline row would run off the card.
        layout={narrow ? "vertical" : "inline"}
        onFinish={apply}
        style={{ rowGap: 8, marginBottom: 16 }}
        aria-label={t("account:transactions.title")}
      >
        <Form.Item name="tradeType" label={t("account:filters.tradeType")}>
          <Select
            mode="multiple"
            allowClear
            style={narrow ? { width: "100%" } : { minWidth: 220 }}
            data-testid="filter-trade-type"
            options={TRADE_TYPE_NUMBERS.map((n) => ({ value: n, label: t(TRADE_TYPE_LABEL_KEYS[n]!) }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <DateRangeField label={t("account:filters.dateRange")} testId="filter" />
        <Form.Item name="minAmount" label={t("account:filters.minAmount")} rules={[amountRule]}>
          <Input inputMode="decimal" style={amountWidth} data-testid="filter-min" />
        </Form.Item>
        <Form.Item name="maxAmount" label={t("account:filters.maxAmount")} rules={[amountRule]}>
          <Input inputMode="decimal" style={amountWidth} data-testid="filter-max" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="filter-apply">
            {t("account:filters.apply")}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {t("account:filters.reset")}
          </Button>
        </Space>
      </Form>
      {list.isError ? (
        <Alert type="error" showIcon title={errorText(list.error, t)} />
      ) : (
        <>
          <ResponsiveTable<Transaction>
            rowKey="id"
            size="middle"
            loading={listLoading(list)}
            dataSource={rows}
            pagination={false}
            // Columns as wide as their content on a wide screen (squeezed, an amount broke one
            // character a line); a phone shows each transaction as a labelled card instead.
            scroll={{ x: "max-content" }}
            locale={{ emptyText: t("account:transactions.empty") }}
            data-testid="transactions-table"
            columns={[
              { key: "time", title: t("account:columns.time"), render: (_v, r) => date(r.createdAt) },
              {
                key: "type",
                title: t("account:columns.type"),
                render: (_v, r) => t(TRADE_TYPE_LABEL_KEYS[r.tradeType] ?? String(r.tradeType)),
              },
              {
                key: "amount",
                title: t("account:columns.amount"),
                align: "right",
                render: (_v, r) => (
                  <Typography.Text type={r.amountMicros.startsWith("-") ? undefined : "success"}>
                    {r.amountMicros.startsWith("-") ? "" : "+"}
                    {money(r.amountMicros)}
                  </Typography.Text>
                ),
              },
              {
                key: "balanceAfter",
                title: t("account:columns.balanceAfter"),
                align: "right",
                render: (_v, r) => money(r.balanceAfterMicros),
              },
              {
                key: "service",
                title: t("account:columns.service"),
                render: (_v, r) =>
                  r.service ? t(`services:${r.service}.name`, { defaultValue: r.service }) : "",
              },
              {
                key: "note",
                title: t("account:columns.note"),
                // A long note wraps within a bounded width instead of widening the whole table.
                render: (_v, r) => (
                  <span style={{ display: "inline-block", maxWidth: 360 }}>
                    {r.checks === undefined
                      ? (r.note ?? "")
                      : t("account:transactions.singleChecks", {
                          count: r.checks,
                          n: r.checks.toLocaleString(locale),
                        })}
                  </span>
                ),
              },
              {
                key: "view",
                title: <VisuallyHidden>{t("common:a11y.actions")}</VisuallyHidden>,
                // A day's single checks (one row for their charges) open the job that lists them.
                render: (_v, r) =>
                  r.checks === undefined ? (
                    <Link to={to(`/dashboard/account/detail?id=${encodeURIComponent(r.id)}`)}>
                      {t("account:transactions.view")}
                    </Link>
                  ) : (
                    <Link to={to(`/dashboard/history/${encodeURIComponent(r.id)}`)}>
                      {t("account:transactions.viewChecks")}
                    </Link>
                  ),
              },
            ]}
          />
          <LoadMore
            list={list}
            shown={rows.length}
            moreLabel={t("account:transactions.loadMore")}
            endLabel={t("account:transactions.end")}
            testId="load-more"
          />
        </>
      )}
    </Card>
  );
}
