import type { WebhookCreateBody, WebhookEndpointCreatedView } from "@nc/contracts/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { webhookKeys } from "./keys";

/** POST /api/tenant/webhook: the answer holds the signing secret, the only time it is sent. */
export const createWebhook = (body: WebhookCreateBody) =>
  api<WebhookEndpointCreatedView>("/api/tenant/webhook", { method: "POST", body });

export function useCreateWebhook(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all(tenantId) }),
  });
}
