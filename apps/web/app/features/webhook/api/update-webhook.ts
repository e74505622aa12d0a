import type { WebhookEndpointView, WebhookUpdateBody } from "@nc/contracts/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { webhookKeys } from "./keys";

/** POST /api/tenant/webhook/s/:id: url, events, description, enabled; only what is sent changes. */
export const updateWebhook = ({ id, ...body }: WebhookUpdateBody & { id: string }) =>
  api<WebhookEndpointView>(`/api/tenant/webhook/s/${encodeURIComponent(id)}`, { method: "POST", body });

export function useUpdateWebhook(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all(tenantId) }),
  });
}
