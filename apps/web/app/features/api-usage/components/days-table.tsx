import type { UsageDay } from "@nc/contracts/api-usage";
import { formatMoney } from "@nc/contracts/money";
import { Card, Table, type TableColumnsType, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useUsageFormat } from "../use-usage-format";
import { nowrap } from "./nowrap";

/** Columns a phone leaves out: the calls and errors columns already say both. */
const PHONE_HIDDEN = new Set(["success", "errorRate"]);

/** The per-day figures behind the charts, newest day first. */
export function DaysTable({ days, currency }: { days: UsageDay[]; currency: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const f = useUsageFormat();
  const narrow = useNarrow();
  const rows = [...days].reverse();
  const columns: TableColumnsType<UsageDay> = [
    {
      key: "day",
      title: t("apiUsage:days.day"),
      render: (_v, r) => nowrap(narrow ? f.day(r.day) : f.longDay(r.day)),
    },
    { key: "calls", title: t("apiUsage:days.calls"), align: "right", render: (_v, r) => f.count(r.calls) },
    {
      key: "success",
      title: t("apiUsage:days.success"),
      align: "right",
      render: (_v, r) => f.count(r.success),
    },
    {
      key: "errors",
      title: t("apiUsage:days.errors"),
      align: "right",
      render: (_v, r) => (
        <Typography.Text type={r.errors > 0 ? "danger" : "secondary"}>{f.count(r.errors)}</Typography.Text>
      ),
    },
    {
      key: "errorRate",
      title: t("apiUsage:days.errorRate"),
      align: "right",
      render: (_v, r) => (r.calls > 0 ? f.percent(r.errors / r.calls) : t("apiUsage:none")),
    },
    {
      key: "numbers",
      title: t("apiUsage:days.numbers"),
      align: "right",
      render: (_v, r) => f.count(r.numbers),
    },
    {
      key: "spend",
      title: t("apiUsage:days.spend"),
      align: "right",
      render: (_v, r) => nowrap(formatMoney(r.costMicros, currency, locale)),
    },
  ];
  return (
    <Card size="small" title={t("apiUsage:days.title")} styles={{ body: { padding: 0 } }}>
      <Table<UsageDay>
        rowKey="day"
        size="small"
        dataSource={rows}
        scroll={{ x: true }}
        pagination={rows.length > 14 ? { pageSize: 14, showSizeChanger: false, size: "small" } : false}
        data-testid="usage-days"
        columns={columns.filter((c) => !narrow || !PHONE_HIDDEN.has(String(c.key)))}
      />
    </Card>
  );
}
