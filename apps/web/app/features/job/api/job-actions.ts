import type { DraftView, JobView } from "@nc/contracts/jobs";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { jobKeys } from "./keys";

const path = (id: string) => `/api/tenant/job/s/${encodeURIComponent(id)}`;

/** POST .../submit: reserves the funds and queues the draft for the worker. */
export const submitJob = (id: string) => api<JobView>(`${path(id)}/submit`, { method: "POST" });
/** DELETE: throws a draft away. */
export const discardJob = (id: string) => api<null>(path(id), { method: "DELETE" });
/** POST .../cancel: stops a job; unused funds come back at once. */
export const cancelJob = (id: string) => api<JobView>(`${path(id)}/cancel`, { method: "POST" });

/** POST .../retry-failed: a draft of a finished job's failed rows, priced, to review and submit. */
export const retryFailedRows = (id: string) => api<DraftView>(`${path(id)}/retry-failed`, { method: "POST" });

/** The balance, the history and this job's views may all have moved. */
function useRefreshAfter(tenantId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["account", tenantId] }),
      client.invalidateQueries({ queryKey: ["detection", tenantId] }),
      client.invalidateQueries({ queryKey: jobKeys.all(tenantId) }),
    ]);
}

export function useSubmitJob(tenantId: string) {
  const refresh = useRefreshAfter(tenantId);
  return useMutation({ mutationFn: submitJob, onSuccess: refresh });
}

export const useDiscardJob = () => useMutation({ mutationFn: discardJob });

export function useCancelJob(tenantId: string) {
  const refresh = useRefreshAfter(tenantId);
  return useMutation({ mutationFn: cancelJob, onSuccess: refresh });
}

export const useRetryFailedRows = () => useMutation({ mutationFn: retryFailedRows });
