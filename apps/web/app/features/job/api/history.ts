import type { DetectionHistoryPage, DetectionHistoryQuery } from "@nc/contracts/detection-single";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { keepWhileFiltering } from "../../../shell/http/filtered-list";

/** Filters of the history list (days in the organisation's time zone), as the API takes them. */
export type HistoryFilters = Omit<DetectionHistoryQuery, "cursor" | "limit">;

export const HISTORY_PAGE_SIZE = 20;

const clean = (f: HistoryFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v === "string" && v !== "")) as Record<
    string,
    string
  >;

/** GET /api/tenant/detection/history: jobs and single checks, newest first, one keyset page. */
export const getHistory = (filters: HistoryFilters, cursor: string | null) =>
  api<DetectionHistoryPage>("/api/tenant/detection/history", {
    query: { ...clean(filters), limit: HISTORY_PAGE_SIZE, cursor: cursor ?? undefined },
  });

export const historyQuery = (tenantId: string, filters: HistoryFilters) => {
  // Under ["detection", tenantId] so a new check or job refreshes it.
  const queryKey = ["detection", tenantId, "history", clean(filters)];
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getHistory(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepWhileFiltering(queryKey),
  });
};

export const useHistory = (tenantId: string, filters: HistoryFilters) =>
  useInfiniteQuery(historyQuery(tenantId, filters));
