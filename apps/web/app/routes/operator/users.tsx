import type { OperatorUserView } from "@nc/contracts/operator";
import { Card, Input, Space, type TableProps, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useUsers } from "../../features/operator/api/users";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { PageHeading } from "../../features/operator/components/page-heading";
import { useOperatorDate } from "../../features/operator/use-operator";
import { LoadMore } from "../../shell/components/load-more";
import { useNarrow } from "../../shell/device/use-narrow";
import { listLoading } from "../../shell/http/filtered-list";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operatorPeople:users.title");

/** /operator/users: accounts found by e-mail, name or id, a page at a time. */
export default function OperatorUsersPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const date = useOperatorDate();
  // The search lives in the address: back from an account, the same list is there.
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const list = useUsers(q);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const narrow = useNarrow();

  const link = (u: OperatorUserView) => (
    <Link to={to(`/operator/users/${u.id}`)} data-testid="user-link" style={{ overflowWrap: "anywhere" }}>
      {u.email}
    </Link>
  );
  const seen = (u: OperatorUserView) => (u.lastSeenAt ? date(u.lastSeenAt) : t("operatorPeople:users.never"));
  const operatorTag = (u: OperatorUserView) =>
    u.operator ? <Tag color="gold">{t("operatorPeople:users.operator")}</Tag> : null;
  type Column = NonNullable<TableProps<OperatorUserView>["columns"]>[number];
  const wide: Column[] = [
    {
      key: "email",
      title: t("operatorPeople:users.email"),
      render: (_, u) => (
        <Space size={4}>
          {link(u)}
          {operatorTag(u)}
        </Space>
      ),
    },
    { key: "name", title: t("operatorPeople:users.name"), dataIndex: "name" },
    { key: "partner", title: t("operatorPeople:users.partner"), dataIndex: "partnerName" },
    {
      key: "organisations",
      title: t("operatorPeople:users.organisations"),
      align: "right",
      render: (_, u) => u.organisations.length,
    },
    { key: "sessions", title: t("operatorPeople:users.sessions"), align: "right", dataIndex: "sessions" },
    { key: "seen", title: t("operatorPeople:users.lastSeen"), render: (_, u) => seen(u) },
  ];
  // A phone shows each account in one cell, labelled: nothing to scroll sideways to.
  const card: Column = {
    key: "user",
    title: t("operatorPeople:users.email"),
    render: (_, u) => (
      <Space orientation="vertical" size={2}>
        <Space size={4} wrap>
          {link(u)}
          {operatorTag(u)}
        </Space>
        <span>{u.name}</span>
        <Typography.Text type="secondary">{u.partnerName}</Typography.Text>
        <span>
          {t("operatorPeople:users.organisations")}: {u.organisations.length} ·{" "}
          {t("operatorPeople:users.sessions")}: {u.sessions}
        </span>
        <Typography.Text type="secondary">
          {t("operatorPeople:users.lastSeen")}: {seen(u)}
        </Typography.Text>
      </Space>
    ),
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading title={t("operatorPeople:users.title")} />
      <Card>
        <Input.Search
          defaultValue={q}
          allowClear
          enterButton
          placeholder={t("operatorPeople:users.search")}
          aria-label={t("operatorPeople:users.searchLabel")}
          onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true })}
          style={{ marginBottom: 16, maxWidth: 520 }}
          data-testid="user-search"
        />
        <ConsoleTable<OperatorUserView>
          error={list.error}
          emptyText={t("operatorPeople:users.empty")}
          rowKey="id"
          loading={listLoading(list)}
          dataSource={items}
          pagination={false}
          data-testid="user-table"
          scroll={narrow ? undefined : { x: "max-content" }}
          columns={narrow ? [card] : wide}
        />
        <LoadMore
          list={list}
          shown={items.length}
          moreLabel={t("operatorPeople:users.more")}
          endLabel={t("operatorPeople:users.end")}
          testId="users-more"
        />
      </Card>
    </Space>
  );
}
