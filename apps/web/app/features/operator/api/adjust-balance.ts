import type { AdjustBalanceBody, BalanceAdjusted } from "@nc/contracts/operator";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/operator/customers/:id/balance: a correction with a reason, done once per key. */
export const adjustBalance = (tenantId: string, body: AdjustBalanceBody) =>
  api<BalanceAdjusted>(`/api/operator/customers/${encodeURIComponent(tenantId)}/balance`, {
    method: "POST",
    body,
  });

export function useAdjustBalance(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustBalanceBody) => adjustBalance(tenantId, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["operator", "customers"] }),
        client.invalidateQueries({ queryKey: ["operator", "audit"] }),
      ]),
  });
}
