import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

export const revokeInvitation = (id: string) =>
  api<{ revoked: boolean }>(`/api/tenant/invite/s/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useRevokeInvitation(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations(tenantId) }),
  });
}
