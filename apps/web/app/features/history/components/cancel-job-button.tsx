import { App, Button, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useCancelJob } from "../../job";

/** Stops an open job after a confirmation; numbers not yet checked are not charged. */
export function CancelJobButton({
  tenantId,
  jobId,
  small,
}: {
  tenantId: string;
  jobId: string;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useCancelJob(tenantId);
  return (
    <Popconfirm
      title={t("history:job.cancelConfirm")}
      description={t("history:job.cancelHelp")}
      okText={t("history:job.cancel")}
      okButtonProps={{ danger: true }}
      cancelText={t("history:job.keepRunning")}
      onConfirm={() =>
        cancel
          .mutateAsync(jobId)
          .then(() => message.success(t("history:job.cancelled")))
          .catch((error: unknown) => showApiError(error, t, message))
      }
    >
      <Button danger size={small ? "small" : undefined} loading={cancel.isPending} data-testid="job-cancel">
        {t("history:job.cancel")}
      </Button>
    </Popconfirm>
  );
}
