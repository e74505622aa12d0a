import type { DraftView } from "@nc/contracts/jobs";
import { App, Button, Modal, Skeleton, Typography } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { lazyComponent } from "../../../shell/lazy-component";
import { discardJob, useRetryFailedRows, useSubmitJob } from "../api/job-actions";

// Fetched when the review opens: the job header that shows this button is itself fetched on demand
// by the detection page, which keeps the review and the list entry as scripts of their own
// (docs/performance.md, "A phone as slow as Lighthouse's reference").
const DraftSummary = lazyComponent(() => import("./draft-summary"), "DraftSummary");

/**
 * "Check the failed rows again": the server makes a draft of the job's failed rows and prices it;
 * the person sees its count and cost as in any job's review, and only confirming submits (and
 * charges) it, then the new job's page opens. Closing the review throws the draft away.
 */
export function RetryFailedButton({
  tenantId,
  jobId,
  failed,
  small,
}: {
  tenantId: string;
  jobId: string;
  failed: number;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<DraftView | null>(null);
  const retry = useRetryFailedRows();
  const submit = useSubmitJob(tenantId);

  const start = () =>
    retry
      .mutateAsync(jobId)
      .then(setDraft)
      .catch((error: unknown) => showApiError(error, t, message));
  const discard = () => {
    if (draft) void discardJob(draft.id).catch(() => undefined);
    setDraft(null);
  };
  const confirm = async () => {
    if (!draft) return;
    try {
      const queued = await submit.mutateAsync(draft.id);
      setDraft(null);
      navigate(to(`/dashboard/history/${encodeURIComponent(queued.id)}`));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <>
      <Button
        size={small ? "small" : undefined}
        loading={retry.isPending}
        onClick={start}
        data-testid="job-retry-failed"
      >
        {t("history:job.retryFailed", { n: failed.toLocaleString(locale) })}
      </Button>
      <Modal
        open={draft !== null}
        title={t("history:job.retryFailedTitle")}
        onCancel={discard}
        footer={null}
        destroyOnHidden
      >
        {draft && (
          <>
            <Typography.Paragraph type="secondary">{t("history:job.retryFailedHelp")}</Typography.Paragraph>
            <Suspense fallback={<Skeleton active />}>
              <DraftSummary
                draft={draft}
                submitting={submit.isPending}
                onSubmit={confirm}
                onDiscard={discard}
              />
            </Suspense>
          </>
        )}
      </Modal>
    </>
  );
}
