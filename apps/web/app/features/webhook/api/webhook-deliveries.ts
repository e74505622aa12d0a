import type { WebhookDeliveryPage } from "@nc/contracts/webhooks";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { webhookKeys } from "./keys";

export const DELIVERIES_PAGE_SIZE = 20;

/** GET /api/tenant/webhook/s/:id/deliveries: one keyset page of the log, newest first. */
export const getWebhookDeliveries = (endpointId: string, cursor?: string | null) =>
  api<WebhookDeliveryPage>(`/api/tenant/webhook/s/${encodeURIComponent(endpointId)}/deliveries`, {
    query: { limit: DELIVERIES_PAGE_SIZE, cursor: cursor ?? undefined },
  });

export const webhookDeliveriesQuery = (tenantId: string, endpointId: string) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(tenantId, endpointId),
    queryFn: ({ pageParam }) => getWebhookDeliveries(endpointId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * The log of one endpoint, "Load more" for older pages. While a delivery is pending it is looked
 * at again every few seconds, so a retry or a resend shows its outcome without a reload.
 */
export const useWebhookDeliveries = (tenantId: string, endpointId: string | null) =>
  useInfiniteQuery({
    ...webhookDeliveriesQuery(tenantId, endpointId ?? ""),
    enabled: endpointId !== null,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((d) => d.status === "pending")) ? 3_000 : false,
  });
