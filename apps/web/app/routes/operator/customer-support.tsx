import { formatMoney } from "@nc/contracts/money";
import type { OperatorSupportView } from "@nc/contracts/operator";
import { Alert, Card, Skeleton, Space, type TableProps, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { JobStatusTag } from "../../features/history/components/job-status-tag";
import { useCustomerSupport } from "../../features/operator/api/customer-support";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { CustomerSubpageHeading } from "../../features/operator/components/customer-subpage-heading";
import { roleLabel } from "../../features/operator/role-label";
import { useOperatorDate } from "../../features/operator/use-operator";
import { useNarrow } from "../../shell/device/use-narrow";
import { errorText } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operatorPeople:support.title");

type Member = OperatorSupportView["members"][number];
type Job = OperatorSupportView["jobs"][number];

/**
 * /operator/customers/:id/support: the organisation as support sees it, read-only. The server
 * writes each opening to the organisation's audit log (docs/operations.md), and the page says so.
 */
export default function OperatorCustomerSupportPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const date = useOperatorDate();
  const narrow = useNarrow();
  const id = useParams().id ?? "";
  const support = useCustomerSupport(id);

  const service = (job: Job) => t(`services:${job.service}.name`, { defaultValue: job.service });
  const channel = (c: string) => t(`history:channel.${c}`, { defaultValue: c });
  const what = (j: Job) => (
    <Space orientation="vertical" size={0}>
      <span>{service(j)}</span>
      <Typography.Text type="secondary" style={{ overflowWrap: "anywhere" }}>
        {j.fileName ?? channel(j.channel)}
      </Typography.Text>
    </Space>
  );
  const progress = (j: Job) =>
    t("operatorPeople:support.progress", { done: j.done, total: j.total, failed: j.failed });
  const charged = (j: Job) => formatMoney(j.chargedMicros, j.currency, locale);

  type MemberColumn = NonNullable<TableProps<Member>["columns"]>[number];
  const memberColumns: MemberColumn[] = narrow
    ? [
        {
          key: "member",
          title: t("operatorPeople:support.member"),
          render: (_, m) => (
            <Space orientation="vertical" size={0}>
              <strong>{m.name}</strong>
              <span style={{ overflowWrap: "anywhere" }}>{m.email}</span>
              <Typography.Text type="secondary">
                {roleLabel(m.role, t)} · {date(m.joinedAt)}
              </Typography.Text>
            </Space>
          ),
        },
      ]
    : [
        { key: "name", title: t("operatorPeople:users.name"), dataIndex: "name" },
        { key: "email", title: t("operatorPeople:users.email"), dataIndex: "email" },
        { key: "role", title: t("operatorPeople:user.role"), render: (_, m) => roleLabel(m.role, t) },
        { key: "joined", title: t("operatorPeople:support.joined"), render: (_, m) => date(m.joinedAt) },
      ];
  type JobColumn = NonNullable<TableProps<Job>["columns"]>[number];
  const jobColumns: JobColumn[] = narrow
    ? [
        {
          key: "job",
          title: t("operatorPeople:support.job"),
          render: (_, j) => (
            <Space orientation="vertical" size={2}>
              <Space size={8} wrap>
                {what(j)}
                <JobStatusTag status={j.status} />
              </Space>
              <span>{progress(j)}</span>
              <span>
                {t("operatorPeople:support.charged")}: {charged(j)}
              </span>
              <Typography.Text type="secondary">{date(j.createdAt)}</Typography.Text>
            </Space>
          ),
        },
      ]
    : [
        { key: "created", title: t("operatorPeople:support.created"), render: (_, j) => date(j.createdAt) },
        { key: "what", title: t("operatorPeople:support.job"), render: (_, j) => what(j) },
        {
          key: "status",
          title: t("operatorPeople:support.status"),
          render: (_, j) => <JobStatusTag status={j.status} />,
        },
        { key: "progress", title: t("operatorPeople:support.progressTitle"), render: (_, j) => progress(j) },
        {
          key: "charged",
          title: t("operatorPeople:support.charged"),
          align: "right",
          render: (_, j) => charged(j),
        },
      ];

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <CustomerSubpageHeading customerId={id} titleKey="operatorPeople:support.title" />
      <Alert type="info" showIcon title={t("operatorPeople:support.audited")} data-testid="support-audited" />
      {support.isError ? (
        <Alert type="error" showIcon title={errorText(support.error, t)} />
      ) : !support.data ? (
        <Skeleton active />
      ) : (
        <>
          <Card title={t("operatorPeople:support.members")}>
            <ConsoleTable<Member>
              error={null}
              emptyText={t("operatorPeople:support.noMembers")}
              rowKey="userId"
              dataSource={support.data.members}
              pagination={false}
              data-testid="support-members"
              scroll={narrow ? undefined : { x: "max-content" }}
              columns={memberColumns}
            />
          </Card>
          <Card title={t("operatorPeople:support.jobs")}>
            <ConsoleTable<Job>
              error={null}
              emptyText={t("operatorPeople:support.noJobs")}
              rowKey="id"
              dataSource={support.data.jobs}
              pagination={false}
              data-testid="support-jobs"
              scroll={narrow ? undefined : { x: "max-content" }}
              columns={jobColumns}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
