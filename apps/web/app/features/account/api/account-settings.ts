import type { AccountSettingsBody } from "@nc/contracts/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/account/settings: the low-balance threshold (null turns the notice off). */
export const saveAccountSettings = (body: AccountSettingsBody) =>
  api<{ lowBalanceThresholdMicros: string | null }>("/api/tenant/account/settings", { method: "POST", body });

export function useSaveAccountSettings(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAccountSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: ["account", tenantId, "overview"] }),
  });
}
