import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const updateTenant = (id: string, body: { name: string; timezoneCode?: string }) =>
  api<{ id: string; name: string; timezoneCode: string }>(`/api/tenant/s/${encodeURIComponent(id)}`, {
    method: "POST",
    body,
  });
export const useUpdateTenant = (id: string) =>
  useMutation({ mutationFn: (body: { name: string; timezoneCode?: string }) => updateTenant(id, body) });

export const leaveTenant = (id: string) =>
  api<{ left: boolean }>(`/api/tenant/s/${encodeURIComponent(id)}/leave`, { method: "POST" });
export const useLeaveTenant = () => useMutation({ mutationFn: leaveTenant });
