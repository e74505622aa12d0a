/** React Query keys of bulk jobs; everything of one organisation sits under ["jobs", tenantId]. */
export const jobKeys = {
  all: (tenantId: string) => ["jobs", tenantId] as const,
  one: (tenantId: string, id: string) => ["jobs", tenantId, id] as const,
  summary: (tenantId: string, id: string) => ["jobs", tenantId, id, "summary"] as const,
  items: (tenantId: string, id: string, filter: object) => ["jobs", tenantId, id, "items", filter] as const,
};
