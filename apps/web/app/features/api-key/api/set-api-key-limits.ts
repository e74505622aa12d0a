import type { ApiKeyLimitsBody, ApiKeyView } from "@nc/contracts/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { apiKeyKeys } from "./keys";

/** POST /api/tenant/apikey/s/:id/limits: the key's daily and monthly spend limits (null: none). */
export const setApiKeyLimits = ({ id, ...body }: { id: string } & ApiKeyLimitsBody) =>
  api<ApiKeyView>(`/api/tenant/apikey/s/${encodeURIComponent(id)}/limits`, { method: "POST", body });

export function useSetApiKeyLimits(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setApiKeyLimits,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all(tenantId) }),
  });
}
