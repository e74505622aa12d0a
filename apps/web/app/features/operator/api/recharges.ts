import type { OperatorRechargeView } from "@nc/contracts/operator";
import type { RechargeStatus } from "@nc/contracts/recharge";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export type RechargeFilter = RechargeStatus | "all";

/** GET /api/operator/recharges?status=: bank-transfer orders of the operator's reach. */
export const listOperatorRecharges = (status: RechargeFilter) =>
  api<OperatorRechargeView[]>("/api/operator/recharges", { query: { status } });

export const operatorRechargesQuery = (status: RechargeFilter) =>
  queryOptions({
    queryKey: ["operator", "recharges", status],
    queryFn: () => listOperatorRecharges(status),
  });

export const useOperatorRecharges = (status: RechargeFilter, enabled = true) =>
  useQuery({ ...operatorRechargesQuery(status), enabled });
