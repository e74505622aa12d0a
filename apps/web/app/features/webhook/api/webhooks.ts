import type { WebhookEndpointView } from "@nc/contracts/webhooks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { webhookKeys } from "./keys";

/** GET /api/tenant/webhook: the organisation's endpoints, newest first, never a secret. */
export const listWebhooks = () => api<WebhookEndpointView[]>("/api/tenant/webhook");

export const webhooksQuery = (tenantId: string) =>
  queryOptions({ queryKey: webhookKeys.list(tenantId), queryFn: listWebhooks });

/** While a last delivery is pending the list is read again every few seconds, to show its outcome. */
export const useWebhooks = (tenantId: string) =>
  useQuery({
    ...webhooksQuery(tenantId),
    refetchInterval: (query) =>
      query.state.data?.some((endpoint) => endpoint.lastDelivery?.status === "pending") ? 3_000 : false,
  });
