import type { OperatorSupportView } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/**
 * GET /api/operator/customers/:id/support: members and latest jobs, read-only. The server writes
 * each call to the organisation's audit log, so the view is not refetched on focus.
 */
export const getCustomerSupport = (customerId: string) =>
  api<OperatorSupportView>(`/api/operator/customers/${encodeURIComponent(customerId)}/support`);

export const customerSupportQuery = (customerId: string) =>
  queryOptions({
    queryKey: ["operator", "customers", "one", customerId, "support"],
    queryFn: () => getCustomerSupport(customerId),
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCustomerSupport = (customerId: string) => useQuery(customerSupportQuery(customerId));
