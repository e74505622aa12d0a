import type { Member } from "@nc/contracts/members";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

export const changeMemberRole = (userId: string, roleId: string) =>
  api<Member>(`/api/tenant/tenant_user/s/${encodeURIComponent(userId)}`, {
    method: "POST",
    body: { roleId },
  });

export function useChangeMemberRole(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleId }: { userId: string; roleId: string }) => changeMemberRole(userId, roleId),
    onSuccess: (member) => {
      client.setQueryData(memberKeys.one(tenantId, member.userId), member);
      return client.invalidateQueries({ queryKey: memberKeys.all(tenantId) });
    },
  });
}
