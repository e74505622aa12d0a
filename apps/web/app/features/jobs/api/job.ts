import type { JobView } from "@nc/contracts/jobs";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { jobKeys } from "./keys";

export const OPEN_JOB_STATUSES = ["queued", "running"];
/** How often an open job's progress is asked for. */
export const PROGRESS_POLL_MS = 1_000;

export const getJob = (id: string) => api<JobView>(`/api/tenant/job/s/${encodeURIComponent(id)}`);

/** A job's progress; polled while it is open, so the page follows it without reloading. */
export const jobQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: jobKeys.one(tenantId, id),
    queryFn: () => getJob(id),
    refetchInterval: (query) =>
      query.state.data && OPEN_JOB_STATUSES.includes(query.state.data.status) ? PROGRESS_POLL_MS : false,
  });

export const useJob = (tenantId: string, id: string | null) =>
  useQuery({ ...jobQuery(tenantId, id ?? ""), enabled: Boolean(id) });
