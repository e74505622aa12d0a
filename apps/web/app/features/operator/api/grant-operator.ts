import type { GrantOperatorBody, OperatorView } from "@nc/contracts/operator";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/operator/operators: make a user an operator, or change their rights. */
export const grantOperator = (body: GrantOperatorBody) =>
  api<OperatorView>("/api/operator/operators", { method: "POST", body });

export function useGrantOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: grantOperator,
    onSuccess: () => client.invalidateQueries({ queryKey: ["operator"] }),
  });
}
