/** React Query keys of the notices, per organisation: everything under `all(tenantId)`. */
export const noticeKeys = {
  all: (tenantId: string) => ["notices", tenantId] as const,
  list: (tenantId: string, page: number, pageSize: number, unread: boolean) =>
    ["notices", tenantId, "list", { page, pageSize, unread }] as const,
  unreadCount: (tenantId: string) => ["notices", tenantId, "unread-count"] as const,
};
