import type { OperatorCustomerPage, OperatorCustomerView } from "@nc/contracts/operator";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { keepWhileFiltering } from "../../../shell/http/filtered-list";

export const CUSTOMER_PAGE_SIZE = 25;

/** GET /api/operator/customers?q=: organisations by name, owner e-mail or id, one keyset page. */
export const searchCustomers = (q: string, cursor?: string | null) =>
  api<OperatorCustomerPage>("/api/operator/customers", {
    query: { q: q || undefined, cursor: cursor ?? undefined, limit: CUSTOMER_PAGE_SIZE },
  });

export const customersQuery = (q: string) => {
  const queryKey = ["operator", "customers", "search", q];
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => searchCustomers(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepWhileFiltering(queryKey),
  });
};

export const useCustomers = (q: string) => useInfiniteQuery(customersQuery(q));

/** GET /api/operator/customers/:id: one organisation, with its balance. */
export const getCustomer = (id: string) =>
  api<OperatorCustomerView>(`/api/operator/customers/${encodeURIComponent(id)}`);

export const customerQuery = (id: string) =>
  queryOptions({ queryKey: ["operator", "customers", "one", id], queryFn: () => getCustomer(id) });

export const useCustomer = (id: string) => useQuery(customerQuery(id));
