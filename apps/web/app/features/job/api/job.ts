import type { JobView } from "@nc/contracts/jobs";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { type JobScope, scopeQuery } from "./job-scope";
import { jobKeys } from "./keys";

export const OPEN_JOB_STATUSES = ["queued", "running"];
/** How often an open job's progress is asked for. */
export const PROGRESS_POLL_MS = 1_000;

export const getJob = (id: string, scope?: JobScope) =>
  api<JobView>(`/api/tenant/job/s/${encodeURIComponent(id)}`, { query: scopeQuery(scope) });

/** A job's progress; polled while it is open, so the page follows it without reloading. */
export const jobQuery = (tenantId: string, id: string, scope?: JobScope) =>
  queryOptions({
    // The scope is part of the key: the own and the partner view of one id are different reads.
    queryKey: [...jobKeys.one(tenantId, id), "job", scope ?? "own"],
    queryFn: () => getJob(id, scope),
    refetchInterval: (query) =>
      query.state.data && OPEN_JOB_STATUSES.includes(query.state.data.status) ? PROGRESS_POLL_MS : false,
  });

export const useJob = (tenantId: string, id: string | null, scope?: JobScope) =>
  useQuery({ ...jobQuery(tenantId, id ?? "", scope), enabled: Boolean(id) });
