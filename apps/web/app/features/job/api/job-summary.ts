import type { JobSummaryView } from "@nc/contracts/jobs";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { type JobScope, scopeQuery } from "./job-scope";
import { jobKeys } from "./keys";

/** GET .../summary: counts by status and, of the checked numbers, by outcome, type, country... */
export const getJobSummary = (id: string, scope?: JobScope) =>
  api<JobSummaryView>(`/api/tenant/job/s/${encodeURIComponent(id)}/summary`, { query: scopeQuery(scope) });

export const jobSummaryQuery = (tenantId: string, id: string, live: boolean, scope?: JobScope) =>
  queryOptions({
    queryKey: [...jobKeys.summary(tenantId, id), scope ?? "own"],
    queryFn: () => getJobSummary(id, scope),
    refetchInterval: live ? 3_000 : false,
  });

export const useJobSummary = (tenantId: string, id: string, live: boolean, scope?: JobScope) =>
  useQuery(jobSummaryQuery(tenantId, id, live, scope));
