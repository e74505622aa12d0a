import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/operator/users/:id/end-sessions: signs the account out on every device. */
export const endUserSessions = (userId: string) =>
  api<{ ended: number }>(`/api/operator/users/${encodeURIComponent(userId)}/end-sessions`, {
    method: "POST",
  });

export function useEndUserSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: (_r, userId) => client.invalidateQueries({ queryKey: ["operator", "users", "one", userId] }),
  });
}
