import type { JobView } from "@nc/contracts/jobs";
import { formatMoney } from "@nc/contracts/money";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Card, Col, Progress, Row, Space, Statistic, Tag, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shell/access/can";
import { useNarrow } from "../../../shell/device/use-narrow";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { OPEN_JOB_STATUSES, RetryFailedButton } from "../../job";
import { progressText } from "../progress-text";
import { CancelJobButton } from "./cancel-job-button";
import { JobStatusTag } from "./job-status-tag";
import { jobWhat } from "./job-what";

/**
 * The job at a glance: what, status, live progress (with cancel while open, and once it has ended
 * with failed rows, checking those again), counts and charge.
 */
export function JobHeader({
  job,
  tenantId,
  readOnly = false,
}: {
  job: JobView;
  tenantId: string;
  /** A customer's job seen by partner staff: nothing to cancel from here. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const date = useTenantDate();
  const narrow = useNarrow();
  const { token } = theme.useToken();
  const open = OPEN_JOB_STATUSES.includes(job.status);
  const n = (value: number) => value.toLocaleString(locale);
  const stats = [
    { key: "total", value: n(job.total) },
    { key: "checked", value: n(job.done) },
    { key: "duplicates", value: n(job.duplicates) },
    { key: "invalid", value: n(job.invalid) },
    { key: "failed", value: n(job.failed) },
    { key: "charged", value: formatMoney(job.chargedMicros, job.currency, locale) },
  ] as const;

  return (
    <Card
      size={narrow ? "small" : undefined}
      data-testid="job-header"
      title={
        <Space wrap size={8}>
          <span>{jobWhat(t, job, locale)}</span>
          <JobStatusTag status={job.status} />
          {job.sandbox && (
            <Tag color="purple" data-testid="job-sandbox">
              {t("history:job.sandbox")}
            </Tag>
          )}
        </Space>
      }
      extra={
        !readOnly && (
          <Can permissions={ROUTE_PERMISSIONS.detection}>
            {open ? (
              <CancelJobButton tenantId={tenantId} jobId={job.id} small={narrow} />
            ) : (
              job.failed > 0 &&
              job.status !== "draft" && (
                <RetryFailedButton tenantId={tenantId} jobId={job.id} failed={job.failed} small={narrow} />
              )
            )}
          </Can>
        )
      }
    >
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <Typography.Text type="secondary">
          {t(`services:${job.service}.name`, { defaultValue: job.service })} ·{" "}
          {t("history:job.submitted", { date: date(job.createdAt) })}
          {job.finishedAt ? ` · ${t("history:job.finished", { date: date(job.finishedAt) })}` : ""}
        </Typography.Text>
        <div>
          <Progress
            aria-label={t("common:a11y.progress")}
            percent={job.percent}
            data-testid="job-progress"
            status={
              job.status === "failed"
                ? "exception"
                : open
                  ? "active"
                  : job.status === "completed"
                    ? "success"
                    : "normal"
            }
          />
          <Typography.Text type="secondary" data-testid="job-progress-text">
            {progressText(t, job, locale, open)}
          </Typography.Text>
        </div>
        <Row gutter={[16, 16]}>
          {stats.map((s) => (
            <Col key={s.key} xs={8} md={4}>
              <Statistic
                title={t(`history:counts.${s.key}`)}
                value={s.value}
                styles={narrow ? { content: { fontSize: token.fontSizeHeading4 } } : undefined}
                data-testid={`job-count-${s.key}`}
              />
            </Col>
          ))}
        </Row>
      </Space>
    </Card>
  );
}
