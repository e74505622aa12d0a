import type { AutoTopUpBody, AutoTopUpSettings } from "@nc/contracts/auto-top-up";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/recharge/auto: on/off, threshold, amount, most a day (tenant:update, step-up). */
export const saveAutoTopUp = (body: AutoTopUpBody) =>
  api<AutoTopUpSettings>("/api/tenant/recharge/auto", { method: "POST", body });

export function useSaveAutoTopUp(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAutoTopUp,
    onSuccess: (saved) => client.setQueryData(["recharge", tenantId, "auto"], saved),
  });
}
