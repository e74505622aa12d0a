import type { DetectionJobView } from "@nc/contracts/detection-single";
import { formatMoney } from "@nc/contracts/money";
import { Progress, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { OPEN_JOB_STATUSES } from "../../job";
import { chargeableOf } from "../chargeable";
import { jobHref, ownerSuffix } from "../job-href";
import { outcomeText } from "../progress-text";
import type { HistoryRowsProps } from "./history-rows-props";
import { JobStatusTag } from "./job-status-tag";
import { jobWhat } from "./job-what";

/** The history's rows; a row (or its "what" link, for keyboards) opens the result view. */
export function HistoryTable({ rows, loading, empty, partner = false }: HistoryRowsProps) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const date = useTenantDate();
  const n = (value: number) => value.toLocaleString(locale);
  const href = (r: DetectionJobView) => jobHref(to, r, partner);

  return (
    <Table<DetectionJobView>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: empty }}
      data-testid="history-table"
      onRow={(r) => ({ onClick: () => navigate(href(r)), style: { cursor: "pointer" } })}
      columns={[
        {
          key: "time",
          title: t("history:columns.time"),
          render: (_v, r) => <span style={{ whiteSpace: "nowrap" }}>{date(r.createdAt)}</span>,
        },
        {
          key: "service",
          title: t("history:columns.service"),
          render: (_v, r) => t(`services:${r.service}.name`, { defaultValue: r.service }),
        },
        {
          key: "what",
          title: t("history:columns.what"),
          render: (_v, r) => (
            <Link
              to={href(r)}
              onClick={(e) => e.stopPropagation()}
              data-testid="history-open"
              style={{
                display: "inline-block",
                maxWidth: 260,
                overflow: "hidden",
                textOverflow: "ellipsis",
                whiteSpace: "nowrap",
                verticalAlign: "bottom",
              }}
            >
              {jobWhat(t, r, locale)}
              {ownerSuffix(r, partner)}
            </Link>
          ),
        },
        {
          key: "status",
          title: t("history:columns.status"),
          render: (_v, r) => (
            <Space size={4}>
              <JobStatusTag status={r.status} />
              {r.sandbox && <Tag color="purple">{t("history:job.sandbox")}</Tag>}
            </Space>
          ),
        },
        {
          key: "progress",
          title: t("history:columns.progress"),
          render: (_v, r) => {
            const of = chargeableOf(r);
            const processed = r.done + r.failed;
            return OPEN_JOB_STATUSES.includes(r.status) && of > 0 ? (
              <Progress
                aria-label={t("common:a11y.progress")}
                percent={Math.floor((processed / of) * 100)}
                size="small"
                status="active"
                style={{ minWidth: 120, margin: 0 }}
                format={() => `${n(r.done)} / ${n(of)}`}
              />
            ) : (
              <span style={{ whiteSpace: "nowrap" }} data-testid="history-outcome">
                {outcomeText(t, r, locale)}
              </span>
            );
          },
        },
        {
          key: "charged",
          title: t("history:columns.charged"),
          align: "right",
          render: (_v, r) => (
            <span style={{ whiteSpace: "nowrap" }}>{formatMoney(r.chargedMicros, r.currency, locale)}</span>
          ),
        },
        {
          key: "who",
          title: t("history:columns.submittedBy"),
          render: (_v, r) => (
            <Space size={4}>
              <span>{r.submittedBy?.name ?? "—"}</span>
              {r.channel === "api" && (
                <Typography.Text type="secondary">· {t("history:channel.api")}</Typography.Text>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
