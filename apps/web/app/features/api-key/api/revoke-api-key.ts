import type { ApiKeyView } from "@nc/contracts/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { apiKeyKeys } from "./keys";

/** POST /api/tenant/apikey/s/:id/revoke: the key fails from the next request on. */
export const revokeApiKey = (id: string) =>
  api<ApiKeyView>(`/api/tenant/apikey/s/${encodeURIComponent(id)}/revoke`, { method: "POST" });

export function useRevokeApiKey(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all(tenantId) }),
  });
}
