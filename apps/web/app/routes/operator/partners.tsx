import { ExportOutlined } from "@ant-design/icons";
import type { OperatorPartnerView } from "@nc/contracts/operator";
import { Button, Card, Space, type TableProps, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { usePartners } from "../../features/operator/api/partners";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { PageHeading } from "../../features/operator/components/page-heading";
import { PartnerDrawer } from "../../features/operator/components/partner-drawer";
import { siteAddresses } from "../../features/operator/setup/site-addresses";
import { useOperator } from "../../features/operator/use-operator";
import { useNarrow } from "../../shell/device/use-narrow";
import { pageMeta } from "../../shell/page-meta";
import type { RootData } from "../../shell/root-data";

export const meta = pageMeta("operatorSetup:partners.title");

/** A partner site's addresses as links (docs/operations.md, "Partners in the console"); one with nowhere to go is text. */
function siteLinks(p: OperatorPartnerView, openLabel: string, publicUrl: string) {
  return siteAddresses(p, publicUrl).map(({ host, href }) => (
    <Typography.Link
      key={host}
      href={href ?? undefined}
      target="_blank"
      rel="noreferrer"
      aria-label={`${openLabel}: ${host}`}
      style={{ overflowWrap: "anywhere" }}
    >
      {host} <ExportOutlined aria-hidden />
    </Typography.Link>
  ));
}

/** A square of the partner's colour beside its code (the code says it for those who cannot see it). */
function Swatch({ color }: { color: string }) {
  const { t } = useTranslation();
  if (!color)
    return <Typography.Text type="secondary">{t("operatorSetup:partners.noColor")}</Typography.Text>;
  return (
    <Space size={6}>
      <span
        aria-hidden
        style={{
          display: "inline-block",
          width: 16,
          height: 16,
          borderRadius: 4,
          background: color,
          border: "1px solid rgba(128, 128, 128, 0.5)",
          verticalAlign: "middle",
        }}
      />
      <code>{color}</code>
    </Space>
  );
}

/** /operator/partners: the partner sites, their brand and hosts; create (platform) and edit. */
export default function OperatorPartnersPage() {
  const { t } = useTranslation();
  const { has } = useOperator();
  const list = usePartners();
  const narrow = useNarrow();
  const [editing, setEditing] = useState<OperatorPartnerView | null | "new">(null);
  const mayEdit = has("operator.partner:update");
  const open = t("operatorSetup:partners.openSite");
  const publicUrl = (useRouteLoaderData("root") as RootData | undefined)?.publicUrl ?? "";

  const nameCell = (p: OperatorPartnerView) => (
    <Space size={6} wrap>
      <strong>{p.name}</strong>
      {p.isDefault && <Tag>{t("operatorSetup:partners.default")}</Tag>}
    </Space>
  );
  const editButton = (p: OperatorPartnerView) =>
    mayEdit && (
      <Button size="small" onClick={() => setEditing(p)} data-testid={`partner-edit-${p.id}`}>
        {t("operatorSetup:partners.edit")}
      </Button>
    );
  type Column = NonNullable<TableProps<OperatorPartnerView>["columns"]>[number];
  const wide: Column[] = [
    { key: "name", title: t("operatorSetup:partners.fields.name"), render: (_, p) => nameCell(p) },
    {
      key: "hosts",
      title: t("operatorSetup:partners.hosts"),
      render: (_, p) => {
        const links = siteLinks(p, open, publicUrl);
        return links.length ? (
          <Space orientation="vertical" size={0}>
            {links}
          </Space>
        ) : (
          "—"
        );
      },
    },
    { key: "currency", title: t("operatorSetup:partners.fields.currency"), dataIndex: "currency" },
    {
      key: "color",
      title: t("operatorSetup:partners.color"),
      render: (_, p) => <Swatch color={p.primaryColor} />,
    },
    {
      key: "customers",
      title: t("operatorSetup:partners.customers"),
      align: "right",
      dataIndex: "customers",
    },
    { key: "actions", title: t("operatorSetup:partners.actions"), render: (_, p) => editButton(p) || "—" },
  ];
  // A phone shows each partner in one labelled cell: nothing to scroll sideways to.
  const card: Column = {
    key: "partner",
    title: t("operatorSetup:partners.fields.name"),
    render: (_, p) => (
      <Space orientation="vertical" size={4} style={{ width: "100%" }}>
        {nameCell(p)}
        {siteLinks(p, open, publicUrl)}
        <span>
          {t("operatorSetup:partners.fields.currency")}: {p.currency} ·{" "}
          {t("operatorSetup:partners.customers")}: {p.customers}
        </span>
        <Swatch color={p.primaryColor} />
        {editButton(p)}
      </Space>
    ),
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading
        title={t("operatorSetup:partners.title")}
        subtitle={t("operatorSetup:partners.subtitle")}
      />
      <Card
        extra={
          has("operator.partner:create") && (
            <Button type="primary" onClick={() => setEditing("new")} data-testid="partner-create">
              {t("operatorSetup:partners.create")}
            </Button>
          )
        }
      >
        <ConsoleTable<OperatorPartnerView>
          error={list.error}
          emptyText={t("operatorSetup:partners.empty")}
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          data-testid="partner-table"
          scroll={narrow ? undefined : { x: "max-content" }}
          columns={narrow ? [card] : wide}
        />
      </Card>
      {editing && (
        <PartnerDrawer editing={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Space>
  );
}
