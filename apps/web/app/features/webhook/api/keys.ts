/** React Query keys of webhooks, per organisation, so a tenant switch never mixes them. */
export const webhookKeys = {
  all: (tenantId: string) => ["webhooks", tenantId] as const,
  list: (tenantId: string) => ["webhooks", tenantId, "list"] as const,
  deliveries: (tenantId: string, endpointId: string) =>
    ["webhooks", tenantId, "deliveries", endpointId] as const,
};
