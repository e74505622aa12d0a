import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { refreshNotices } from "./unread-count";

/** POST /api/tenant/notice/s/{id}/read. */
export const readNotice = (id: string) =>
  api<null>(`/api/tenant/notice/s/${encodeURIComponent(id)}/read`, { method: "POST" });

/** Marks one notice read; the list and the counter refresh. */
export function useReadNotice(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readNotice,
    onSuccess: () => refreshNotices(client, tenantId),
  });
}
