import type { VisitorPricesView } from "@nc/contracts/coverage";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/pub/prices: the list a new customer of this site's brand starts from (docs/api.md, "Coverage"). */
export const VISITOR_PRICES_PATH = "/api/tenant/pub/prices";

export const getVisitorPrices = () => api<VisitorPricesView>(VISITOR_PRICES_PATH);

/** The server keeps each brand's list a minute: asking sooner gains nothing. */
export const visitorPricesQuery = () =>
  queryOptions({ queryKey: ["visitor-prices"], queryFn: getVisitorPrices, staleTime: 60_000 });

export const useVisitorPrices = () => useQuery(visitorPricesQuery());
