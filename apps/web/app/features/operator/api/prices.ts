import type { OperatorPriceList, PriceListQuery } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/operator/prices?scope=&partnerId=&tenantId=: one price list, band by band. */
export const getPriceList = (list: PriceListQuery) =>
  api<OperatorPriceList>("/api/operator/prices", { query: { ...list } });

export const priceListQuery = (list: PriceListQuery) =>
  queryOptions({ queryKey: ["operator", "prices", list], queryFn: () => getPriceList(list) });

/** Asks only once the list is fully named (a partner or an organisation chosen). */
export const usePriceList = (list: PriceListQuery | null) =>
  useQuery({ ...priceListQuery(list ?? { scope: "standard" }), enabled: list !== null });
