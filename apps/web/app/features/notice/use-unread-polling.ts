import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { unreadCountQuery } from "./api/unread-count";
import { createUnreadPoller } from "./unread-poller";

/**
 * Keeps the unread counter of the active organisation fresh (docs/architecture.md, "Organisations and access"): every 10 seconds
 * while the tab is visible and a tenant is active; errors ignored, stopped by an auth error.
 * The count lands in the React Query cache, where useUnreadCount reads it.
 */
export function useUnreadPolling(tenantId: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    const poller = createUnreadPoller({
      fetchCount: () =>
        tenantId ? client.fetchQuery({ ...unreadCountQuery(tenantId), staleTime: 0 }) : Promise.resolve(0),
      onCount: () => {},
      // The page came with the count (the dashboard layout's loader): no second ask at once.
      countTakenAt: () =>
        tenantId
          ? client.getQueryState(unreadCountQuery(tenantId).queryKey)?.dataUpdatedAt || undefined
          : undefined,
    });
    const sync = () =>
      poller.update({ tenantActive: tenantId !== null, visible: document.visibilityState === "visible" });
    sync();
    document.addEventListener("visibilitychange", sync);
    return () => {
      document.removeEventListener("visibilitychange", sync);
      poller.dispose();
    };
  }, [client, tenantId]);
}
