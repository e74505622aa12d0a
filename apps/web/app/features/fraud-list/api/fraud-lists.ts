import type { FraudListsView } from "@nc/contracts/fraud-lists";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const fraudListKeys = { all: (tenantId: string) => ["fraud-lists", tenantId] as const };

/** GET /api/tenant/fraud-list: both lists of the organisation. */
export const getFraudLists = () => api<FraudListsView>("/api/tenant/fraud-list");

export const fraudListsQuery = (tenantId: string) =>
  queryOptions({ queryKey: fraudListKeys.all(tenantId), queryFn: getFraudLists });

export const useFraudLists = (tenantId: string) => useQuery(fraudListsQuery(tenantId));
