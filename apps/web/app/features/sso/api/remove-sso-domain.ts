import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { ssoPath, ssoSettingsQuery } from "./sso-settings";

/** DELETE /api/tenant/s/:id/sso/domains/:domainId (step-up). */
export const removeSsoDomain = (tenantId: string, domainId: string) =>
  api<unknown>(`${ssoPath(tenantId)}/domains/${encodeURIComponent(domainId)}`, { method: "DELETE" });
export const useRemoveSsoDomain = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) => removeSsoDomain(tenantId, domainId),
    onSuccess: () => client.invalidateQueries(ssoSettingsQuery(tenantId)),
  });
};
