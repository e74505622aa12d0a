import type { OperatorAuditEventView } from "@nc/contracts/operator";
import { Card, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useOperatorAudit } from "../../features/operator/api/operator-audit";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { PageHeading } from "../../features/operator/components/page-heading";
import { useOperatorDate } from "../../features/operator/use-operator";
import { LoadMore } from "../../shell/components/load-more";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operator:audit.title");

/** /operator/audit: what operators did, from the console or the CLI, newest first. */
export default function OperatorAuditPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const date = useOperatorDate();
  const list = useOperatorAudit(locale);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading title={t("operator:audit.title")} />
      <Card>
        <ConsoleTable<OperatorAuditEventView>
          error={list.error}
          emptyText={t("operator:audit.empty")}
          rowKey="id"
          loading={list.isPending}
          dataSource={items}
          pagination={false}
          data-testid="operator-audit"
          columns={[
            {
              key: "time",
              title: t("operator:audit.time"),
              render: (_, e) => <span style={{ whiteSpace: "nowrap" }}>{date(e.createdAt)}</span>,
            },
            {
              key: "summary",
              title: t("operator:audit.summary"),
              render: (_, e) => <div style={{ minWidth: 240, maxWidth: 520 }}>{e.summary}</div>,
            },
            { key: "operator", title: t("operator:audit.operator"), render: (_, e) => e.actorLabel ?? "—" },
            {
              key: "organisation",
              title: t("operator:audit.organisation"),
              render: (_, e) => e.tenantName ?? "—",
            },
            { key: "ip", title: t("operator:audit.ip"), render: (_, e) => e.ip ?? "—" },
          ]}
        />
        <LoadMore
          list={list}
          shown={items.length}
          moreLabel={t("operator:audit.more")}
          endLabel={t("operator:audit.end")}
          testId="operator-audit-more"
        />
      </Card>
    </Space>
  );
}
