import type { TransactionPage } from "@nc/contracts/account";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { keepWhileFiltering } from "../../../shell/http/filtered-list";

/** The filters of the transaction list and its export (dates are days in the tenant's time zone). */
export interface TransactionFilters {
  tradeType?: number[];
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
}

/** Query-string form of the filters; trade types travel comma-separated. */
export function filterQuery(filters: TransactionFilters): Record<string, string | undefined> {
  return {
    tradeType: filters.tradeType?.length ? filters.tradeType.join(",") : undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    minAmount: filters.minAmount || undefined,
    maxAmount: filters.maxAmount || undefined,
  };
}

export const PAGE_SIZE = 20;

/** GET /api/tenant/account/transactions: one keyset page, newest first. */
export const getTransactions = (filters: TransactionFilters, cursor?: string | null) =>
  api<TransactionPage>("/api/tenant/account/transactions", {
    query: { ...filterQuery(filters), limit: PAGE_SIZE, cursor: cursor ?? undefined },
  });

export const transactionsQuery = (tenantId: string, filters: TransactionFilters) => {
  const queryKey = ["account", tenantId, "transactions", filterQuery(filters)];
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getTransactions(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepWhileFiltering(queryKey),
  });
};

/** "Load more" pages through the list; the cursor comes from the previous page. */
export const useTransactions = (tenantId: string, filters: TransactionFilters) =>
  useInfiniteQuery(transactionsQuery(tenantId, filters));
