import type { WebhookDeliveryView } from "@nc/contracts/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { webhookKeys } from "./keys";

/** POST /api/tenant/webhook/delivery/s/:id/resend: the same event (same id) queued once more. */
export const resendWebhookDelivery = (deliveryId: string) =>
  api<WebhookDeliveryView>(`/api/tenant/webhook/delivery/s/${encodeURIComponent(deliveryId)}/resend`, {
    method: "POST",
  });

export function useResendWebhookDelivery(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all(tenantId) }),
  });
}
