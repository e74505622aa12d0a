import type { OperatorPricePreview } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { PRICES_KEY } from "./prices";

/** GET /api/operator/prices/preview?tenantId=: what the organisation pays now, per service. */
export const getPricePreview = (tenantId: string) =>
  api<OperatorPricePreview>("/api/operator/prices/preview", { query: { tenantId } });

export const pricePreviewQuery = (tenantId: string) =>
  queryOptions({
    // Under the price lists' key: setting or removing a band refreshes it (refreshPrices).
    queryKey: [...PRICES_KEY, "preview", tenantId],
    queryFn: () => getPricePreview(tenantId),
  });

export const usePricePreview = (tenantId: string | null) =>
  useQuery({ ...pricePreviewQuery(tenantId ?? ""), enabled: Boolean(tenantId) });
