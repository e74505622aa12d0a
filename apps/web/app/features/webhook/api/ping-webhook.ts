import type { WebhookDeliveryView } from "@nc/contracts/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { webhookKeys } from "./keys";

/** POST /api/tenant/webhook/s/:id/ping: a test event to this endpoint only. */
export const pingWebhook = (id: string) =>
  api<WebhookDeliveryView>(`/api/tenant/webhook/s/${encodeURIComponent(id)}/ping`, { method: "POST" });

export function usePingWebhook(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: pingWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all(tenantId) }),
  });
}
