import type { Transaction } from "@nc/contracts/account";
import { formatMoney } from "@nc/contracts/money";
import { Alert, Button, Card, Drawer, Skeleton, Space, type TableProps, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { TransactionDetailCards } from "../../features/account/components/transaction-detail-cards";
import { TRADE_TYPE_LABEL_KEYS } from "../../features/account/trade-type";
import {
  useCustomerTransaction,
  useCustomerTransactions,
} from "../../features/operator/api/customer-transactions";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { CustomerSubpageHeading } from "../../features/operator/components/customer-subpage-heading";
import { useOperatorDate } from "../../features/operator/use-operator";
import { LoadMore } from "../../shell/components/load-more";
import { useNarrow } from "../../shell/device/use-narrow";
import { errorText } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operatorPeople:ledger.title");

/** /operator/customers/:id/ledger: the organisation's ledger as its owners see it, newest first. */
export default function OperatorCustomerLedgerPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const date = useOperatorDate();
  const narrow = useNarrow();
  const id = useParams().id ?? "";
  const list = useCustomerTransactions(id);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const currency = list.data?.pages[0]?.currency ?? "USD";
  const [open, setOpen] = useState("");

  const type = (r: Transaction) => t(TRADE_TYPE_LABEL_KEYS[r.tradeType] ?? String(r.tradeType));
  const amount = (r: Transaction) => {
    const credit = !r.amountMicros.startsWith("-");
    return (
      <Typography.Text type={credit ? "success" : undefined} style={{ whiteSpace: "nowrap" }}>
        {credit ? "+" : ""}
        {formatMoney(r.amountMicros, currency, locale)}
      </Typography.Text>
    );
  };
  const service = (r: Transaction) =>
    r.service ? t(`services:${r.service}.name`, { defaultValue: r.service }) : "";
  const view = (r: Transaction) => (
    <Button
      type="link"
      size="small"
      style={{ paddingInline: 0 }}
      onClick={() => setOpen(r.id)}
      data-testid="ledger-view"
    >
      {t("operatorPeople:ledger.view")}
    </Button>
  );
  type Column = NonNullable<TableProps<Transaction>["columns"]>[number];
  const wide: Column[] = [
    { key: "time", title: t("account:columns.time"), render: (_, r) => date(r.createdAt) },
    { key: "type", title: t("account:columns.type"), render: (_, r) => type(r) },
    { key: "amount", title: t("account:columns.amount"), align: "right", render: (_, r) => amount(r) },
    {
      key: "balanceAfter",
      title: t("account:columns.balanceAfter"),
      align: "right",
      render: (_, r) => formatMoney(r.balanceAfterMicros, currency, locale),
    },
    { key: "service", title: t("account:columns.service"), render: (_, r) => service(r) },
    {
      key: "note",
      title: t("account:columns.note"),
      render: (_, r) => <span style={{ display: "inline-block", maxWidth: 360 }}>{r.note ?? ""}</span>,
    },
    { key: "view", title: t("operatorPeople:ledger.view"), render: (_, r) => view(r) },
  ];
  // A phone shows each row in one cell: nothing to scroll sideways to.
  const card: Column = {
    key: "entry",
    title: t("account:columns.type"),
    render: (_, r) => (
      <Space orientation="vertical" size={2}>
        <Space size={8} wrap>
          <strong>{type(r)}</strong>
          {amount(r)}
        </Space>
        <Typography.Text type="secondary">
          {t("account:columns.balanceAfter")}: {formatMoney(r.balanceAfterMicros, currency, locale)}
        </Typography.Text>
        {r.service && <span>{service(r)}</span>}
        {r.note && <span style={{ overflowWrap: "anywhere" }}>{r.note}</span>}
        <Typography.Text type="secondary">{date(r.createdAt)}</Typography.Text>
        {view(r)}
      </Space>
    ),
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <CustomerSubpageHeading customerId={id} titleKey="operatorPeople:ledger.title" />
      <Card>
        <ConsoleTable<Transaction>
          error={list.error}
          emptyText={t("account:transactions.empty")}
          rowKey="id"
          loading={list.isPending}
          dataSource={rows}
          pagination={false}
          data-testid="ledger-table"
          scroll={narrow ? undefined : { x: "max-content" }}
          columns={narrow ? [card] : wide}
        />
        <LoadMore
          list={list}
          shown={rows.length}
          moreLabel={t("account:transactions.loadMore")}
          endLabel={t("account:transactions.end")}
          testId="ledger-more"
        />
      </Card>
      <Drawer
        open={Boolean(open)}
        onClose={() => setOpen("")}
        title={t("account:detailTitle")}
        size={narrow ? "100%" : 560}
        destroyOnHidden
      >
        {open && <LedgerEntry customerId={id} entryId={open} />}
      </Drawer>
    </Space>
  );
}

function LedgerEntry({ customerId, entryId }: { customerId: string; entryId: string }) {
  const { t } = useTranslation();
  const date = useOperatorDate();
  const entry = useCustomerTransaction(customerId, entryId);
  if (entry.isError) return <Alert type="error" showIcon title={errorText(entry.error, t)} />;
  if (!entry.data) return <Skeleton active />;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <TransactionDetailCards detail={entry.data} date={date} />
    </Space>
  );
}
