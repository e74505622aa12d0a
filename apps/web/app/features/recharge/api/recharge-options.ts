import type { RechargeOptions } from "@nc/contracts/recharge";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/recharge/options: available methods, limits, presets, bank details. */
export const getRechargeOptions = () => api<RechargeOptions>("/api/tenant/recharge/options");

export const rechargeOptionsQuery = (tenantId: string) =>
  queryOptions({ queryKey: ["recharge", tenantId, "options"], queryFn: getRechargeOptions });

export const useRechargeOptions = (tenantId: string) => useQuery(rechargeOptionsQuery(tenantId));
