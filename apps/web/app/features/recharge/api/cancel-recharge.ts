import type { RechargeOrder } from "@nc/contracts/recharge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/recharge/s/:id/cancel: pending orders only. */
export const cancelRecharge = (id: string) =>
  api<RechargeOrder>(`/api/tenant/recharge/s/${encodeURIComponent(id)}/cancel`, { method: "POST" });

export function useCancelRecharge(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelRecharge,
    onSuccess: () => client.invalidateQueries({ queryKey: ["recharge", tenantId, "list"] }),
  });
}
