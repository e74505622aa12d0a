import type { PriceQuoteQuery, PriceQuoteView } from "@nc/contracts/prices";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** Where the price of a quantity of one service for the organisation now is read. */
export const priceQuotePath = ({ service, quantity = 1 }: PriceQuoteQuery) =>
  `/api/tenant/price/quote?service=${encodeURIComponent(service)}&quantity=${encodeURIComponent(String(quantity))}`;

/** GET /api/tenant/price/quote */
export const getPriceQuote = (query: PriceQuoteQuery) => api<PriceQuoteView>(priceQuotePath(query));

export const priceQuoteQuery = (tenantId: string, query: PriceQuoteQuery) =>
  queryOptions({
    queryKey: ["prices", tenantId, "quote", query.service, query.quantity ?? 1],
    queryFn: () => getPriceQuote(query),
    // Prices change seldom; an answer the page came with is not asked for again at once.
    staleTime: 30_000,
  });

export const usePriceQuote = (tenantId: string, query: PriceQuoteQuery, enabled = true) =>
  useQuery({ ...priceQuoteQuery(tenantId, query), enabled });
