import type { Invitation } from "@nc/contracts/members";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

/** A new link for the same address; the old one stops working. */
export const resendInvitation = (id: string) =>
  api<Invitation>(`/api/tenant/invite/s/${encodeURIComponent(id)}/resend`, { method: "POST" });

export function useResendInvitation(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations(tenantId) }),
  });
}
