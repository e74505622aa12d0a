import type { JobSummaryView } from "@nc/contracts/jobs";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { jobKeys } from "./keys";

/** GET .../summary: counts by status and, of the checked numbers, by outcome, type, country... */
export const getJobSummary = (id: string) =>
  api<JobSummaryView>(`/api/tenant/job/s/${encodeURIComponent(id)}/summary`);

export const jobSummaryQuery = (tenantId: string, id: string, live: boolean) =>
  queryOptions({
    queryKey: jobKeys.summary(tenantId, id),
    queryFn: () => getJobSummary(id),
    refetchInterval: live ? 3_000 : false,
  });

export const useJobSummary = (tenantId: string, id: string, live: boolean) =>
  useQuery(jobSummaryQuery(tenantId, id, live));
