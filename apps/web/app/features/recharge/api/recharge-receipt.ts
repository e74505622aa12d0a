import type { RechargeReceipt } from "@nc/contracts/recharge";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/recharge/s/:id/receipt: a paid order with the organisation and the brand. */
export const getRechargeReceipt = (id: string) =>
  api<RechargeReceipt>(`/api/tenant/recharge/s/${encodeURIComponent(id)}/receipt`);

export const useRechargeReceipt = (tenantId: string, id: string) =>
  useQuery(
    queryOptions({
      queryKey: ["recharge", tenantId, "receipt", id],
      queryFn: () => getRechargeReceipt(id),
      retry: false,
    }),
  );
