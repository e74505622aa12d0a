import type { SsoSettingsView } from "@nc/contracts/sso";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const ssoPath = (tenantId: string) => `/api/tenant/s/${encodeURIComponent(tenantId)}/sso`;

/** GET /api/tenant/s/:id/sso: the organisation's single sign-on settings (Owners only). */
export const getSsoSettings = (tenantId: string) => api<SsoSettingsView>(ssoPath(tenantId));
export const ssoSettingsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ["sso", tenantId],
    queryFn: () => getSsoSettings(tenantId),
    enabled: Boolean(tenantId),
  });
export const useSsoSettings = (tenantId: string) => useQuery(ssoSettingsQuery(tenantId));
