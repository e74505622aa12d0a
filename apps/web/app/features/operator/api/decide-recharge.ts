import type { ConfirmRechargeBody, OperatorRechargeView, RejectRechargeBody } from "@nc/contracts/operator";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/operator/recharges/:id/confirm: credit the transfer once, with what arrived. */
export const confirmRecharge = (id: string, body: ConfirmRechargeBody) =>
  api<{ order: OperatorRechargeView; credited: boolean }>(
    `/api/operator/recharges/${encodeURIComponent(id)}/confirm`,
    { method: "POST", body },
  );

/** POST /api/operator/recharges/:id/reject. */
export const rejectRecharge = (id: string, body: RejectRechargeBody) =>
  api<OperatorRechargeView>(`/api/operator/recharges/${encodeURIComponent(id)}/reject`, {
    method: "POST",
    body,
  });

/** Either decision refreshes every list of orders (and the overview's count of pending ones). */
function useRechargeDecision<B, R>(call: (id: string, body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: B }) => call(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["operator", "recharges"] }),
  });
}

export const useConfirmRecharge = () => useRechargeDecision(confirmRecharge);
export const useRejectRecharge = () => useRechargeDecision(rejectRecharge);
