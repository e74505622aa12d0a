import type { SsoSettingsInput } from "@nc/contracts/sso";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { ssoPath, ssoSettingsQuery } from "./sso-settings";

/** POST /api/tenant/s/:id/sso: the identity provider, the newcomers' role and the rule (step-up). */
export const saveSsoSettings = (tenantId: string, body: SsoSettingsInput) =>
  api<unknown>(ssoPath(tenantId), { method: "POST", body });
export const useSaveSsoSettings = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsInput) => saveSsoSettings(tenantId, body),
    onSuccess: () => client.invalidateQueries(ssoSettingsQuery(tenantId)),
  });
};
