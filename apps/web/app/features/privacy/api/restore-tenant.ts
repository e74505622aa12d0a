import type { ConfirmationBody, TenantDeletionView } from "@nc/contracts/privacy";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { tenantsQuery } from "../../tenant";

/** POST /api/tenant/s/:id/restore: cancels a deletion during the grace period. */
export const restoreTenant = (id: string, body: ConfirmationBody) =>
  api<TenantDeletionView>(`/api/tenant/s/${encodeURIComponent(id)}/restore`, { method: "POST", body });
export function useRestoreTenant(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmationBody) => restoreTenant(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantsQuery().queryKey }),
  });
}
