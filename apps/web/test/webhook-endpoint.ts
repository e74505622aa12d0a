import type { WebhookEndpointView } from "@nc/contracts/webhooks";

/** A webhook endpoint as the server lists it: the CRM's, enabled, never delivered to, unless given. */
export const webhookEndpoint = (over: Partial<WebhookEndpointView> = {}): WebhookEndpointView => ({
  id: "w-1",
  url: "https://crm.example.com/hooks",
  description: "",
  events: ["balance.low"],
  enabled: true,
  secretHint: "whsec_…abcd",
  createdAt: "2026-10-01T00:00:00.000Z",
  createdBy: null,
  pausedEvents: [],
  lastDelivery: null,
  ...over,
});
