import type { WebhookEndpointCreatedView } from "@nc/contracts/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { webhookKeys } from "./keys";

/** POST /api/tenant/webhook/s/:id/roll: a new signing secret, sent this once; the old one stops. */
export const rollWebhookSecret = (id: string) =>
  api<WebhookEndpointCreatedView>(`/api/tenant/webhook/s/${encodeURIComponent(id)}/roll`, { method: "POST" });

export function useRollWebhookSecret(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rollWebhookSecret,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all(tenantId) }),
  });
}
