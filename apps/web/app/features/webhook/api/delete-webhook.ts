import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { webhookKeys } from "./keys";

/** DELETE /api/tenant/webhook/s/:id: the endpoint and its delivery log. */
export const deleteWebhook = (id: string) =>
  api<{ id: string }>(`/api/tenant/webhook/s/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteWebhook(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all(tenantId) }),
  });
}
