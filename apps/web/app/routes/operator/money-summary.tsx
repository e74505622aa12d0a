import { DownloadOutlined } from "@ant-design/icons";
import { formatMoney } from "@nc/contracts/money";
import { Button, Card, Form, Input, Space, type TableProps, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type DayRange,
  moneySummaryCsvHref,
  useMoneySummary,
} from "../../features/operator/api/money-summary";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { PageHeading } from "../../features/operator/components/page-heading";
import { PartnerSelect } from "../../features/operator/components/partner-select";
import {
  type SummaryRow,
  summaryRows,
  summaryServices,
  thisMonthUtc,
} from "../../features/operator/money-summary-rows";
import { spendServiceLabel } from "../../features/operator/setup/service-label";
import { useOperator } from "../../features/operator/use-operator";
import { useNarrow } from "../../shell/device/use-narrow";
import { ApiError } from "../../shell/http/api-error";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operatorPeople:summary.title");

/** /operator/money/summary: money moved per UTC day and currency, with totals, and as CSV. */
export default function OperatorMoneySummaryPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const narrow = useNarrow();
  const [form] = Form.useForm<DayRange>();
  const [range, setRange] = useState<DayRange>(() => thisMonthUtc());
  // Partner staff see their own partner's money only (the server limits them): no filter to offer.
  const { me, has } = useOperator();
  const byPartner = me.data?.scope === "platform" && has("operator.partner:read");
  const [partnerId, setPartnerId] = useState<string | undefined>();
  const filter = { ...range, partnerId: byPartner ? partnerId : undefined };
  const summary = useMoneySummary(filter);
  const days = summary.data ?? [];
  const services = summaryServices(days);
  const rows = summaryRows(days);

  // The server checks the range (order, at most MONEY_SUMMARY_DAYS_MAX days) and names the field.
  const fieldErrors = summary.error instanceof ApiError ? summary.error.fields : [];
  useEffect(() => {
    const fields = summary.error instanceof ApiError ? summary.error.fields : [];
    form.setFields(fields.map((f) => ({ name: f.field as keyof DayRange, errors: [f.message] })));
  }, [form, summary.error]);
  const otherError = summary.error && fieldErrors.length === 0 ? summary.error : null;

  const money = (micros: string | undefined, r: SummaryRow) => formatMoney(micros ?? "0", r.currency, locale);
  const dayText = (r: SummaryRow) => (r.total ? <strong>{t("operatorPeople:summary.total")}</strong> : r.day);
  // The amount columns, each with its label and value: the wide table and the phone's cards alike.
  const amounts: { key: string; label: string; value: (r: SummaryRow) => string }[] = [
    { key: "recharges", label: t("operatorPeople:summary.recharges"), value: (r) => money(r.recharges, r) },
    ...services.map((code) => ({
      key: `spend-${code}`,
      label: t("operatorPeople:summary.spendOn", { service: spendServiceLabel(t, code) }),
      value: (r: SummaryRow) => money(r.spend[code], r),
    })),
    { key: "refunds", label: t("operatorPeople:summary.refunds"), value: (r) => money(r.refunds, r) },
    { key: "welcome", label: t("operatorPeople:summary.welcome"), value: (r) => money(r.welcome, r) },
    { key: "added", label: t("operatorPeople:summary.added"), value: (r) => money(r.added, r) },
    {
      key: "subtracted",
      label: t("operatorPeople:summary.subtracted"),
      value: (r) => money(r.subtracted, r),
    },
  ];

  type Column = NonNullable<TableProps<SummaryRow>["columns"]>[number];
  const wide: Column[] = [
    { key: "day", title: t("operatorPeople:summary.day"), render: (_, r) => dayText(r) },
    { key: "currency", title: t("operatorPeople:summary.currency"), dataIndex: "currency" },
    ...amounts.map(
      (a): Column => ({
        key: a.key,
        title: a.label,
        align: "right",
        render: (_, r) => (r.total ? <strong>{a.value(r)}</strong> : a.value(r)),
      }),
    ),
  ];
  // A phone shows each day as a labelled list: nothing to scroll sideways to.
  const card: Column = {
    key: "day",
    title: t("operatorPeople:summary.day"),
    render: (_, r) => (
      <Space orientation="vertical" size={2} style={{ width: "100%" }}>
        <span>
          {dayText(r)} · {r.currency}
        </span>
        {amounts.map((a) => (
          <div key={a.key} style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
            <Typography.Text type="secondary">{a.label}</Typography.Text>
            <span style={{ whiteSpace: "nowrap" }}>{a.value(r)}</span>
          </div>
        ))}
      </Space>
    ),
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading
        title={t("operatorPeople:summary.title")}
        subtitle={t("operatorPeople:summary.subtitle")}
      />
      <Card>
        <Form<DayRange>
          form={form}
          layout={narrow ? "vertical" : "inline"}
          initialValues={range}
          onFinish={(v) => setRange({ from: v.from, to: v.to })}
          aria-label={t("operatorPeople:summary.range")}
          style={{ rowGap: 8, marginBottom: 16 }}
        >
          <Form.Item
            name="from"
            label={t("operatorPeople:summary.from")}
            rules={[{ required: true, message: t("operatorPeople:summary.dayRequired") }]}
          >
            <Input type="date" data-testid="summary-from" />
          </Form.Item>
          <Form.Item
            name="to"
            label={t("operatorPeople:summary.to")}
            rules={[{ required: true, message: t("operatorPeople:summary.dayRequired") }]}
          >
            <Input type="date" data-testid="summary-to" />
          </Form.Item>
          {byPartner && (
            <Form.Item label={t("operatorPeople:summary.partner")} htmlFor="summary-partner">
              <PartnerSelect
                id="summary-partner"
                value={partnerId}
                onChange={setPartnerId}
                label={t("operatorPeople:summary.partner")}
                placeholder={t("operatorPeople:summary.allPartners")}
                listed
                allowClear
                data-testid="summary-partner"
              />
            </Form.Item>
          )}
          <Space wrap>
            <Button type="primary" htmlType="submit" data-testid="summary-show">
              {t("operatorPeople:summary.show")}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              href={moneySummaryCsvHref(filter)}
              download
              disabled={fieldErrors.length > 0}
              data-testid="summary-csv"
            >
              {t("operatorPeople:summary.csv")}
            </Button>
          </Space>
        </Form>
        <Typography.Paragraph type="secondary">
          {t("operatorPeople:summary.utc", { from: range.from, to: range.to })}
        </Typography.Paragraph>
        {fieldErrors.length > 0 ? null : (
          <ConsoleTable<SummaryRow>
            error={otherError}
            emptyText={t("operatorPeople:summary.empty")}
            rowKey="key"
            loading={summary.isPending}
            dataSource={rows}
            pagination={false}
            data-testid="summary-table"
            rowClassName={(r) => (r.total ? "summary-total" : "")}
            scroll={narrow ? undefined : { x: "max-content" }}
            columns={narrow ? [card] : wide}
          />
        )}
      </Card>
    </Space>
  );
}
