import type { Invitation, InviteBody } from "@nc/contracts/members";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

export const inviteMember = (body: InviteBody) =>
  api<Invitation>("/api/tenant/invite", { method: "POST", body });

export function useInviteMember(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations(tenantId) }),
  });
}
