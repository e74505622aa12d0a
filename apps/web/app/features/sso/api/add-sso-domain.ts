import type { SsoDomainView } from "@nc/contracts/sso";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { ssoPath, ssoSettingsQuery } from "./sso-settings";

/** POST /api/tenant/s/:id/sso/domains: lists a domain to prove (step-up). */
export const addSsoDomain = (tenantId: string, domain: string) =>
  api<SsoDomainView>(`${ssoPath(tenantId)}/domains`, { method: "POST", body: { domain } });
export const useAddSsoDomain = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => addSsoDomain(tenantId, domain),
    onSuccess: () => client.invalidateQueries(ssoSettingsQuery(tenantId)),
  });
};
