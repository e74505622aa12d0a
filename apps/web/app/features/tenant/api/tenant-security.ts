import type { TenantSecurity } from "@nc/contracts/tenancy";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/s/:id/security: the organisation's two-factor rule (Owners only, step-up). */
export const setTenantSecurity = (id: string, body: TenantSecurity) =>
  api<TenantSecurity>(`/api/tenant/s/${encodeURIComponent(id)}/security`, { method: "POST", body });
export const useSetTenantSecurity = (id: string) =>
  useMutation({ mutationFn: (body: TenantSecurity) => setTenantSecurity(id, body) });
