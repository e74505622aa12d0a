import type { AutoTopUpSettings } from "@nc/contracts/auto-top-up";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** DELETE /api/tenant/recharge/card: forgets the saved card; automatic top-up goes off with it. */
export const removeCard = () => api<AutoTopUpSettings>("/api/tenant/recharge/card", { method: "DELETE" });

export function useRemoveCard(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: (saved) => client.setQueryData(["recharge", tenantId, "auto"], saved),
  });
}
