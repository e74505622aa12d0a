import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { JOB_STATUS_TAG_COLOURS } from "../tones";

/** A job's status as a coloured tag (queued, running, completed, failed, cancelled). */
export function JobStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={JOB_STATUS_TAG_COLOURS[status] ?? "default"} data-testid="job-status" data-status={status}>
      {t(`history:status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
