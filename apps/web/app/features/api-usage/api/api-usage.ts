import type { ApiUsageQuery, ApiUsageView } from "@nc/contracts/api-usage";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** The query string of a usage read: the period and whichever filters are set. */
export function usageQueryString(query: ApiUsageQuery): Record<string, string> {
  const out: Record<string, string> = { from: query.from, to: query.to };
  if (query.apiKeyId) out.apiKeyId = query.apiKeyId;
  if (query.endpoint) out.endpoint = query.endpoint;
  if (query.service) out.service = query.service;
  return out;
}

/** GET /api/tenant/api-usage: totals, every day of the period, breakdowns and latency. */
export const getApiUsage = (query: ApiUsageQuery) =>
  api<ApiUsageView>("/api/tenant/api-usage", { query: usageQueryString(query) });

export const apiUsageQuery = (tenantId: string, query: ApiUsageQuery) =>
  queryOptions({
    queryKey: ["api-usage", tenantId, usageQueryString(query)],
    queryFn: () => getApiUsage(query),
    // A new period or filter keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useApiUsage = (tenantId: string, query: ApiUsageQuery) =>
  useQuery(apiUsageQuery(tenantId, query));
