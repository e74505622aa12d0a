import type { PriceQuoteQuery, PriceQuoteView } from "@nc/contracts/prices";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/price/quote: the price of a quantity of one service for the organisation now. */
export const getPriceQuote = ({ service, quantity = 1 }: PriceQuoteQuery) =>
  api<PriceQuoteView>(
    `/api/tenant/price/quote?service=${encodeURIComponent(service)}&quantity=${encodeURIComponent(String(quantity))}`,
  );

export const priceQuoteQuery = (tenantId: string, query: PriceQuoteQuery) =>
  queryOptions({
    queryKey: ["prices", tenantId, "quote", query.service, query.quantity ?? 1],
    queryFn: () => getPriceQuote(query),
  });

export const usePriceQuote = (tenantId: string, query: PriceQuoteQuery, enabled = true) =>
  useQuery({ ...priceQuoteQuery(tenantId, query), enabled });
