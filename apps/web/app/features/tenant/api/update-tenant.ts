import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** What the settings form changes; fields left out keep their value. */
export interface TenantSettings {
  name: string;
  timezoneCode?: string;
  keepFileColumns?: boolean;
}

export const updateTenant = (id: string, body: TenantSettings) =>
  api<{ id: string; name: string; timezoneCode: string; keepFileColumns: boolean }>(
    `/api/tenant/s/${encodeURIComponent(id)}`,
    { method: "POST", body },
  );
export const useUpdateTenant = (id: string) =>
  useMutation({ mutationFn: (body: TenantSettings) => updateTenant(id, body) });

export const leaveTenant = (id: string) =>
  api<{ left: boolean }>(`/api/tenant/s/${encodeURIComponent(id)}/leave`, { method: "POST" });
export const useLeaveTenant = () => useMutation({ mutationFn: leaveTenant });
