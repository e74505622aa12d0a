import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { jobKeys, OPEN_JOB_STATUSES } from "../job";

/**
 * Keeps the result view in step with a running job. The job itself is polled (useJob) and the
 * summary polls while live; the result rows are refreshed with each new summary, and once more,
 * with the summary and the history list, when the job closes, so its final state shows without
 * a reload.
 */
export function useFollowJob(tenantId: string, jobId: string, status: string | undefined, summaryAt: number) {
  const client = useQueryClient();
  const open = status !== undefined && OPEN_JOB_STATUSES.includes(status);
  const wasOpen = useRef(open);
  const lastSummaryAt = useRef(summaryAt);

  useEffect(() => {
    // The first summary arrives with the first rows: only a later one means the rows are stale.
    const fresh = lastSummaryAt.current > 0 && summaryAt !== lastSummaryAt.current;
    lastSummaryAt.current = summaryAt;
    if (open && fresh)
      void client.invalidateQueries({ queryKey: [...jobKeys.one(tenantId, jobId), "items"] });
  }, [client, tenantId, jobId, open, summaryAt]);

  useEffect(() => {
    if (wasOpen.current && !open && status !== undefined) {
      void client.invalidateQueries({ queryKey: jobKeys.summary(tenantId, jobId) });
      void client.invalidateQueries({ queryKey: [...jobKeys.one(tenantId, jobId), "items"] });
      void client.invalidateQueries({ queryKey: ["detection", tenantId, "history"] });
    }
    wasOpen.current = open;
  }, [client, tenantId, jobId, open, status]);
}
