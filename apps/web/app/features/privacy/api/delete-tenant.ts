import type { DeleteTenantBody, TenantDeletionView } from "@nc/contracts/privacy";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/s/:id/delete: the organisation waits for its grace period, then is purged. */
export const deleteTenant = (id: string, body: DeleteTenantBody) =>
  api<TenantDeletionView>(`/api/tenant/s/${encodeURIComponent(id)}/delete`, { method: "POST", body });
export const useDeleteTenant = (id: string) =>
  useMutation({ mutationFn: (body: DeleteTenantBody) => deleteTenant(id, body) });
