import { formatMoney } from "@nc/contracts/money";
import type { OperatorCustomerView } from "@nc/contracts/operator";
import { Card, Input, Space, type TableProps, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useCustomers } from "../../features/operator/api/customers";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { MonthSpendCell } from "../../features/operator/components/month-spend";
import { PageHeading } from "../../features/operator/components/page-heading";
import { useOperatorDate } from "../../features/operator/use-operator";
import { LoadMore } from "../../shell/components/load-more";
import { useNarrow } from "../../shell/device/use-narrow";
import { listLoading } from "../../shell/http/filtered-list";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operator:customers.title");

/** /operator/customers: organisations found by name, owner e-mail or id, a page at a time. */
export default function OperatorCustomersPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const date = useOperatorDate();
  // The search lives in the address: back from a customer's page, the same list is there.
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const list = useCustomers(q);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const narrow = useNarrow();

  const link = (c: OperatorCustomerView) => (
    <Link to={to(`/operator/customers/${c.id}`)} data-testid="customer-link">
      {c.name}
    </Link>
  );
  const money = (micros: string, c: OperatorCustomerView) => formatMoney(micros, c.currency, locale);
  const activity = (c: OperatorCustomerView) =>
    c.lastActivityAt ? date(c.lastActivityAt) : t("operator:customers.never");
  type Column = NonNullable<TableProps<OperatorCustomerView>["columns"]>[number];
  const wide: Column[] = [
    {
      key: "name",
      title: t("operator:customers.name"),
      render: (_, c) => (
        <Link to={to(`/operator/customers/${c.id}`)} data-testid="customer-link">
          {c.name}
        </Link>
      ),
    },
    { key: "partner", title: t("operator:customers.partner"), dataIndex: "partnerName" },
    { key: "owner", title: t("operator:customers.owner"), render: (_, c) => c.ownerEmail ?? "—" },
    {
      key: "balance",
      title: t("operator:customers.balance"),
      align: "right",
      render: (_, c) => money(c.balanceMicros, c),
    },
    {
      key: "spend",
      title: t("operator:customers.monthSpend"),
      align: "right",
      render: (_, c) => <MonthSpendCell spend={c.monthSpend} currency={c.currency} />,
    },
    {
      key: "members",
      title: t("operator:customers.members"),
      align: "right",
      dataIndex: "members",
    },
    {
      key: "activity",
      title: t("operator:customers.lastActivity"),
      render: (_, c) => activity(c),
    },
  ];
  // A phone shows each customer in one cell, labelled: nothing to scroll sideways to.
  const card: Column = {
    key: "customer",
    title: t("operator:customers.name"),
    render: (_, c) => (
      <Space orientation="vertical" size={2}>
        {link(c)}
        <Typography.Text type="secondary">{c.partnerName}</Typography.Text>
        <span style={{ overflowWrap: "anywhere" }}>{c.ownerEmail ?? "—"}</span>
        <span>
          {t("operator:customers.balance")}: <strong>{money(c.balanceMicros, c)}</strong>
        </span>
        <span>
          {t("operator:customers.monthSpend")}: <MonthSpendCell spend={c.monthSpend} currency={c.currency} />
        </span>
        <Typography.Text type="secondary">
          {t("operator:customers.members")}: {c.members} · {activity(c)}
        </Typography.Text>
      </Space>
    ),
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading title={t("operator:customers.title")} />
      <Card>
        <Input.Search
          defaultValue={q}
          allowClear
          enterButton
          placeholder={t("operator:customers.search")}
          aria-label={t("operator:customers.searchLabel")}
          onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true })}
          style={{ marginBottom: 16, maxWidth: 520 }}
          data-testid="customer-search"
        />
        <ConsoleTable<OperatorCustomerView>
          error={list.error}
          emptyText={t("operator:customers.empty")}
          rowKey="id"
          loading={listLoading(list)}
          dataSource={items}
          pagination={false}
          data-testid="customer-table"
          scroll={narrow ? undefined : { x: "max-content" }}
          columns={narrow ? [card] : wide}
        />
        <LoadMore
          list={list}
          shown={items.length}
          moreLabel={t("operator:customers.more")}
          endLabel={t("operator:customers.end")}
          testId="customers-more"
        />
      </Card>
    </Space>
  );
}
