import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

export const removeMember = (userId: string) =>
  api<{ removed: boolean }>(`/api/tenant/tenant_user/s/${encodeURIComponent(userId)}`, { method: "DELETE" });

export function useRemoveMember(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.all(tenantId) }),
  });
}
