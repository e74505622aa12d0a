import type { AutoTopUpSettings } from "@nc/contracts/auto-top-up";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/recharge/auto: the saved card and the automatic top-up settings. */
export const getAutoTopUp = () => api<AutoTopUpSettings>("/api/tenant/recharge/auto");

export const autoTopUpQuery = (tenantId: string) =>
  queryOptions({ queryKey: ["recharge", tenantId, "auto"], queryFn: getAutoTopUp });

export const useAutoTopUp = (tenantId: string) => useQuery(autoTopUpQuery(tenantId));
