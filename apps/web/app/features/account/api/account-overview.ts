import type { AccountOverview } from "@nc/contracts/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/account: balance, spending this month, low-balance threshold. */
export const getAccountOverview = () => api<AccountOverview>("/api/tenant/account");

export const accountOverviewQuery = (tenantId: string) =>
  queryOptions({ queryKey: ["account", tenantId, "overview"], queryFn: getAccountOverview });

export const useAccountOverview = (tenantId: string) => useQuery(accountOverviewQuery(tenantId));
