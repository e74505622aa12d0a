import type { DetectionHistoryPage } from "@nc/contracts/detection-single";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const RECENT_JOBS = 5;

/** GET /api/tenant/detection/history?limit=5: the newest checks and jobs, for the dashboard home. */
export const getRecentJobs = () =>
  api<DetectionHistoryPage>("/api/tenant/detection/history", { query: { limit: RECENT_JOBS } });

export const recentJobsQuery = (tenantId: string) =>
  queryOptions({
    // Under ["detection", tenantId] so a new check or job refreshes it.
    queryKey: ["detection", tenantId, "recent"],
    queryFn: getRecentJobs,
  });

export const useRecentJobs = (tenantId: string) => useQuery(recentJobsQuery(tenantId));
