import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** DELETE /api/operator/operators/:userId: the user can no longer open the console. */
export const revokeOperator = (userId: string) =>
  api<{ revoked: boolean }>(`/api/operator/operators/${encodeURIComponent(userId)}`, { method: "DELETE" });

export function useRevokeOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOperator,
    onSuccess: () => client.invalidateQueries({ queryKey: ["operator", "operators"] }),
  });
}
