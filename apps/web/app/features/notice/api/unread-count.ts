import type { NoticeUnreadCount } from "@nc/contracts/notices";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { noticeKeys } from "./keys";

export const UNREAD_COUNT_PATH = "/api/tenant/notice/unread_count";

/** The counter out of the API's answer. */
export const unreadCountOf = (answer: NoticeUnreadCount) => answer.unreadCount;

/** GET /api/tenant/notice/unread_count: errors are ignored (docs/architecture.md, "Decisions and why"). */
export const getUnreadCount = async () =>
  unreadCountOf(await api<NoticeUnreadCount>(UNREAD_COUNT_PATH, { ignoreError: true }));

export const unreadCountQuery = (tenantId: string) =>
  queryOptions({ queryKey: noticeKeys.unreadCount(tenantId), queryFn: getUnreadCount, retry: false });

/** The counter as the page's server answers it, so the bell shows it at first paint. */
export const unreadCountServerQuery = (tenantId: string) => ({
  queryKey: unreadCountQuery(tenantId).queryKey,
  path: UNREAD_COUNT_PATH,
  pick: (data: unknown) => unreadCountOf(data as NoticeUnreadCount),
});

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
