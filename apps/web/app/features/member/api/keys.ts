/** React Query keys of the members area, per organisation, so a tenant switch never mixes them. */
export const memberKeys = {
  all: (tenantId: string) => ["members", tenantId] as const,
  one: (tenantId: string, userId: string) => ["members", tenantId, userId] as const,
  roles: (tenantId: string) => ["member-roles", tenantId] as const,
  invitations: (tenantId: string) => ["invitations", tenantId] as const,
};
