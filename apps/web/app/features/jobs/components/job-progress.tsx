import type { JobView } from "@nc/contracts/jobs";
import { formatMoney } from "@nc/contracts/money";
import { App, Button, Progress, Space, Statistic, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { OPEN_JOB_STATUSES } from "../api/job";
import { useCancelJob } from "../api/job-actions";

/** "1 h 5 min", "3 min 20 s", "12 s": the time left, in the user's language. */
export function durationText(seconds: number, t: TFunction): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (h > 0) return t("detection:progress.hoursMinutes", { h, m });
  if (m > 0) return t("detection:progress.minutesSeconds", { m, s });
  return t("detection:progress.seconds", { s });
}

export const STATUS_COLOURS: Record<string, string> = {
  draft: "default",
  queued: "blue",
  running: "processing",
  completed: "success",
  failed: "error",
  cancelled: "warning",
};

/** A job's live progress: done of total, rate, time left, cost so far; cancel while it runs. */
export function JobProgress({
  job,
  tenantId,
  canCancel,
}: {
  job: JobView;
  tenantId: string;
  canCancel: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale, to } = useLocale();
  const cancel = useCancelJob(tenantId);
  const open = OPEN_JOB_STATUSES.includes(job.status);
  const n = (value: number) => value.toLocaleString(locale);
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="job-progress">
      <Space wrap>
        <Tag color={STATUS_COLOURS[job.status]} data-testid="job-status" data-status={job.status}>
          {t(`detection:status.${job.status}`)}
        </Tag>
        {job.fileName && <Typography.Text type="secondary">{job.fileName}</Typography.Text>}
      </Space>
      <Progress
        percent={job.percent}
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
      <Space wrap size="large">
        <Statistic
          title={t("detection:progress.done")}
          value={`${n(job.done + job.failed)} / ${n(job.chargeable)}`}
        />
        {open && (
          <Statistic
            title={t("detection:progress.rate")}
            value={t("detection:progress.perSecond", { rate: n(Math.round(job.rate)) })}
          />
        )}
        {open && (
          <Statistic
            title={t("detection:progress.timeLeft")}
            value={job.timeLeft === null ? "—" : durationText(job.timeLeft, t)}
          />
        )}
        <Statistic
          title={t("detection:progress.charged")}
          value={formatMoney(job.chargedMicros, job.currency, locale)}
        />
      </Space>
      <Space wrap>
        <Link to={to(`/dashboard/history/${job.id}`)} data-testid="job-results-link">
          <Button type={open ? "default" : "primary"}>{t("detection:progress.results")}</Button>
        </Link>
        {open && canCancel && (
          <Button
            danger
            loading={cancel.isPending}
            data-testid="job-cancel"
            onClick={() =>
              cancel.mutateAsync(job.id).catch((error: unknown) => showApiError(error, t, message))
            }
          >
            {t("detection:progress.cancel")}
          </Button>
        )}
      </Space>
    </Space>
  );
}
