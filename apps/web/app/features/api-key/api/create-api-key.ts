import type { ApiKeyCreateBody, ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { apiKeyKeys } from "./keys";

/** POST /api/tenant/apikey: the answer holds the full key, the only time it is ever sent. */
export const createApiKey = (body: ApiKeyCreateBody) =>
  api<ApiKeyCreatedView>("/api/tenant/apikey", { method: "POST", body });

export function useCreateApiKey(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all(tenantId) }),
  });
}
