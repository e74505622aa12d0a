import type { TransactionDetail } from "@nc/contracts/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/account/transactions/s/:id: one row and what it references. */
export const getTransactionDetail = (id: string) =>
  api<TransactionDetail>(`/api/tenant/account/transactions/s/${encodeURIComponent(id)}`);

export const transactionDetailQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: ["account", tenantId, "transaction", id],
    queryFn: () => getTransactionDetail(id),
    enabled: Boolean(id),
  });

export const useTransactionDetail = (tenantId: string, id: string) =>
  useQuery(transactionDetailQuery(tenantId, id));
