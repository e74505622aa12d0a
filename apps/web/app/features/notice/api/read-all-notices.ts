import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { noticeKeys } from "./keys";
import { refreshNotices } from "./unread-count";

/** POST /api/tenant/notice/read_all. */
export const readAllNotices = () =>
  api<{ marked: number }>("/api/tenant/notice/read_all", { method: "POST" });

/** Marks every notice read; the counter drops to zero at once and the lists refresh. */
export function useReadAllNotices(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readAllNotices,
    onSuccess: () => {
      client.setQueryData(noticeKeys.unreadCount(tenantId), 0);
      return refreshNotices(client, tenantId);
    },
  });
}
