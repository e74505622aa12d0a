/** React Query keys of API keys, per organisation, so a tenant switch never mixes them. */
export const apiKeyKeys = {
  all: (tenantId: string) => ["api-keys", tenantId] as const,
};
