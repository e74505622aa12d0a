import { ReloadOutlined } from "@ant-design/icons";
import { formatMoney } from "@nc/contracts/money";
import type { OperatorRechargeView } from "@nc/contracts/operator";
import { RECHARGE_STATUSES } from "@nc/contracts/recharge";
import { Button, Card, Select, Space, type TableProps, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type RechargeFilter, useOperatorRecharges } from "../../features/operator/api/recharges";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { DecideRechargeModal } from "../../features/operator/components/decide-recharge-modal";
import { PageHeading } from "../../features/operator/components/page-heading";
import { useOperator, useOperatorDate } from "../../features/operator/use-operator";
import { RechargeStatusTag } from "../../features/recharge/components/recharge-status-tag";
import { receivedIfDifferent, STATUS_LABEL_KEYS } from "../../features/recharge/labels";
import { useNarrow } from "../../shell/device/use-narrow";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operator:money.title");

/** /operator/money: bank transfers to confirm (with what arrived) or reject, by state. */
export default function OperatorMoneyPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const date = useOperatorDate();
  const { has } = useOperator();
  const [status, setStatus] = useState<RechargeFilter>("pending");
  const [open, setOpen] = useState<{ order: OperatorRechargeView; decision: "confirm" | "reject" } | null>(
    null,
  );
  const orders = useOperatorRecharges(status);
  const decides = has("operator.recharge:confirm");
  const narrow = useNarrow();

  const amount = (o: OperatorRechargeView) => {
    const received = receivedIfDifferent(o);
    const ordered = formatMoney(o.amountMicros, o.currency, locale);
    if (received === null) return ordered;
    return (
      <Space orientation="vertical" size={0} align={narrow ? "start" : "end"}>
        {ordered}
        <Typography.Text type="secondary">
          {t("operator:money.received", { amount: formatMoney(received, o.currency, locale) })}
        </Typography.Text>
      </Space>
    );
  };
  const reference = (o: OperatorRechargeView) => <Typography.Text code>{o.reference}</Typography.Text>;
  const customer = (o: OperatorRechargeView) => (
    <Space orientation="vertical" size={0}>
      <span>{o.tenantName}</span>
      <Typography.Text type="secondary">{o.partnerName}</Typography.Text>
    </Space>
  );
  type Column = NonNullable<TableProps<OperatorRechargeView>["columns"]>[number];
  const wide: Column[] = [
    { key: "created", title: t("operator:money.created"), render: (_, o) => date(o.createdAt) },
    { key: "customer", title: t("operator:money.customer"), render: (_, o) => customer(o) },
    { key: "reference", title: t("operator:money.reference"), render: (_, o) => reference(o) },
    { key: "amount", title: t("operator:money.amount"), align: "right", render: (_, o) => amount(o) },
    {
      key: "status",
      title: t("operator:money.status"),
      render: (_, o) => <RechargeStatusTag status={o.status} />,
    },
  ];
  // A phone shows one cell per order, the actions beside it: nothing to scroll sideways to.
  const order: Column = {
    key: "order",
    title: t("operator:money.customer"),
    render: (_, o) => (
      <Space orientation="vertical" size={4}>
        {customer(o)}
        {reference(o)}
        <Space size={8} wrap>
          <strong>{amount(o)}</strong>
          <RechargeStatusTag status={o.status} />
        </Space>
        <Typography.Text type="secondary">{date(o.createdAt)}</Typography.Text>
      </Space>
    ),
  };
  const actions: Column[] = decides
    ? [
        {
          key: "actions",
          title: t("operator:money.actions"),
          render: (_, o) =>
            o.status === "pending" ? (
              <Space orientation={narrow ? "vertical" : "horizontal"}>
                <Button
                  size="small"
                  type="primary"
                  data-testid={`confirm-${o.reference}`}
                  onClick={() => setOpen({ order: o, decision: "confirm" })}
                >
                  {t("operator:money.confirm")}
                </Button>
                <Button
                  size="small"
                  danger
                  data-testid={`reject-${o.reference}`}
                  onClick={() => setOpen({ order: o, decision: "reject" })}
                >
                  {t("operator:money.reject")}
                </Button>
              </Space>
            ) : null,
        },
      ]
    : [];

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading title={t("operator:money.title")} subtitle={t("operator:money.subtitle")} />
      <Card
        data-testid="operator-recharges"
        title={
          <Select<RechargeFilter>
            value={status}
            onChange={setStatus}
            aria-label={t("operator:money.status")}
            style={{ minWidth: 160 }}
            data-testid="operator-recharge-status"
            options={[
              ...RECHARGE_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL_KEYS[s]) })),
              { value: "all" as const, label: t("operator:money.all") },
            ]}
          />
        }
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void orders.refetch()}
            loading={orders.isFetching}
            aria-label={t("operator:money.refresh")}
          />
        }
      >
        <ConsoleTable<OperatorRechargeView>
          error={orders.error}
          emptyText={t("operator:money.empty")}
          rowKey="id"
          loading={orders.isPending}
          dataSource={orders.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={narrow ? undefined : { x: "max-content" }}
          columns={narrow ? [order, ...actions] : [...wide, ...actions]}
        />
      </Card>
      {open && (
        <DecideRechargeModal order={open.order} decision={open.decision} onClose={() => setOpen(null)} />
      )}
    </Space>
  );
}
