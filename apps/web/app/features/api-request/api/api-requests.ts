import type { ApiRequestPage } from "@nc/contracts/api-request-log";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { keepWhileFiltering } from "../../../shell/http/filtered-list";

/** The request log's filters, as GET /api/tenant/api-requests takes them. */
export interface ApiRequestFilters {
  from?: string;
  keyId?: string;
  /** `404` or a class, `4xx`. */
  status?: string;
  method?: string;
  path?: string;
  errorCode?: string;
  requestId?: string;
}

export const API_REQUEST_PAGE_SIZE = 50;

/** GET /api/tenant/api-requests: one keyset page of the organisation's API requests, newest first. */
export const getApiRequests = (filters: ApiRequestFilters, cursor?: string | null) =>
  api<ApiRequestPage>("/api/tenant/api-requests", {
    query: { ...filters, limit: API_REQUEST_PAGE_SIZE, cursor: cursor ?? undefined },
  });

export const apiRequestsQuery = (tenantId: string, filters: ApiRequestFilters) => {
  const queryKey = ["api-requests", tenantId, filters];
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getApiRequests(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepWhileFiltering(queryKey),
  });
};

export const useApiRequests = (tenantId: string, filters: ApiRequestFilters) =>
  useInfiniteQuery(apiRequestsQuery(tenantId, filters));
