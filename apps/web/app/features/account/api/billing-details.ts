import type { BillingDetails, BillingDetailsBody } from "@nc/contracts/billing-details";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/account/billing-details: the organisation's, or null before the first save. */
export const getBillingDetails = () => api<BillingDetails | null>("/api/tenant/account/billing-details");

const billingDetailsQuery = (tenantId: string) =>
  queryOptions({ queryKey: ["account", tenantId, "billing-details"], queryFn: getBillingDetails });

export const useBillingDetails = (tenantId: string) => useQuery(billingDetailsQuery(tenantId));

/** POST /api/tenant/account/billing-details (tenant:update, with a fresh second factor). */
export const saveBillingDetails = (body: BillingDetailsBody) =>
  api<BillingDetails>("/api/tenant/account/billing-details", { method: "POST", body });

export function useSaveBillingDetails(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (saved) => client.setQueryData(billingDetailsQuery(tenantId).queryKey, saved),
  });
}
