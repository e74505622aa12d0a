import type { JobItemFilter, JobItemsPage } from "@nc/contracts/jobs";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { keepWhileFiltering } from "../../../shell/http/filtered-list";
import { type JobScope, scopeQuery } from "./job-scope";
import { jobKeys } from "./keys";

export const ITEMS_PAGE_SIZE = 50;

/** Query-string form of the result filters (empty ones left out); downloads use the same. */
export function itemFilterQuery(filter: JobItemFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
}

export const getJobItems = (id: string, filter: JobItemFilter, cursor: number | null, scope?: JobScope) =>
  api<JobItemsPage>(`/api/tenant/job/s/${encodeURIComponent(id)}/items`, {
    query: {
      ...itemFilterQuery(filter),
      ...scopeQuery(scope),
      limit: ITEMS_PAGE_SIZE,
      cursor: cursor ?? undefined,
    },
  });

/** The result table: keyset pages by row number, filtered on the server. */
export const jobItemsQuery = (tenantId: string, id: string, filter: JobItemFilter, scope?: JobScope) => {
  const queryKey = jobKeys.items(tenantId, id, { ...itemFilterQuery(filter), ...scopeQuery(scope) });
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getJobItems(id, filter, pageParam, scope),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepWhileFiltering(queryKey),
  });
};

export const useJobItems = (tenantId: string, id: string, filter: JobItemFilter, scope?: JobScope) =>
  useInfiniteQuery(jobItemsQuery(tenantId, id, filter, scope));
