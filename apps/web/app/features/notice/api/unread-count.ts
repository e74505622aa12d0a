import type { NoticeUnreadCount } from "@nc/contracts/notices";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { noticeKeys } from "./keys";

/** GET /api/tenant/notice/unread_count: errors are ignored (docs/architecture.md, "Decisions and why"). */
export const getUnreadCount = async () =>
  (await api<NoticeUnreadCount>("/api/tenant/notice/unread_count", { ignoreError: true })).unreadCount;

export const unreadCountQuery = (tenantId: string) =>
  queryOptions({ queryKey: noticeKeys.unreadCount(tenantId), queryFn: getUnreadCount, retry: false });

/**
 * The last known count from the cache; it never fetches by itself: the poller (use-unread-polling)
 * decides when to ask.
 */
export const useUnreadCount = (tenantId: string) =>
  useQuery({ ...unreadCountQuery(tenantId), enabled: false }).data ?? 0;

/** After a change: lists are refetched and the counter asked again (errors still ignored). */
export async function refreshNotices(client: QueryClient, tenantId: string) {
  await Promise.all([
    client.invalidateQueries({ queryKey: noticeKeys.all(tenantId) }),
    client.fetchQuery({ ...unreadCountQuery(tenantId), staleTime: 0 }).catch(() => undefined),
  ]);
}
