import type { PriceOverview } from "@nc/contracts/prices";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/price: the lists the caller's permissions allow. */
export const getPriceOverview = () => api<PriceOverview>("/api/tenant/price");

export const priceOverviewQuery = (tenantId: string) =>
  queryOptions({ queryKey: ["prices", tenantId, "overview"], queryFn: getPriceOverview });

export const usePriceOverview = (tenantId: string) => useQuery(priceOverviewQuery(tenantId));
