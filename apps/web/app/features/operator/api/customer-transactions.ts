import type { TransactionDetail, TransactionPage } from "@nc/contracts/account";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { PAGE_SIZE } from "../../account";

const base = (customerId: string) => `/api/operator/customers/${encodeURIComponent(customerId)}/transactions`;

/** GET /api/operator/customers/:id/transactions: one keyset page of the organisation's ledger. */
export const getCustomerTransactions = (customerId: string, cursor?: string | null) =>
  api<TransactionPage>(base(customerId), { query: { limit: PAGE_SIZE, cursor: cursor ?? undefined } });

export const customerTransactionsQuery = (customerId: string) =>
  infiniteQueryOptions({
    queryKey: ["operator", "customers", "one", customerId, "transactions"],
    queryFn: ({ pageParam }) => getCustomerTransactions(customerId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useCustomerTransactions = (customerId: string) =>
  useInfiniteQuery(customerTransactionsQuery(customerId));

/** GET /api/operator/customers/:id/transactions/:entryId: one row and what it references. */
export const getCustomerTransaction = (customerId: string, entryId: string) =>
  api<TransactionDetail>(`${base(customerId)}/${encodeURIComponent(entryId)}`);

export const customerTransactionQuery = (customerId: string, entryId: string) =>
  queryOptions({
    queryKey: ["operator", "customers", "one", customerId, "transaction", entryId],
    queryFn: () => getCustomerTransaction(customerId, entryId),
    enabled: Boolean(entryId),
  });

export const useCustomerTransaction = (customerId: string, entryId: string) =>
  useQuery(customerTransactionQuery(customerId, entryId));
