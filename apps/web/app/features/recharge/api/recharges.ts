import type { RechargeOrder } from "@nc/contracts/recharge";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/recharge: the organisation's recharge orders, newest first. */
export const listRecharges = () => api<RechargeOrder[]>("/api/tenant/recharge");

export const rechargesQuery = (tenantId: string) =>
  queryOptions({ queryKey: ["recharge", tenantId, "list"], queryFn: listRecharges });

export const useRecharges = (tenantId: string) => useQuery(rechargesQuery(tenantId));
