import type { OperatorPriceList, PriceListQuery } from "@nc/contracts/operator";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/**
 * The root of every price query: the lists and the preview of what an organisation pays. A change
 * to any list may change any organisation's preview, so a change refreshes them all.
 */
export const PRICES_KEY = ["operator", "prices"] as const;

/**
 * After a band is set or removed: every list and every preview asks again. A first load still
 * under way was asked before the change, and a refetch joins a load that has no answer yet
 * instead of asking anew: such loads are dropped first, so what is shown is asked after the change.
 */
export async function refreshPrices(client: QueryClient) {
  await client.cancelQueries({ queryKey: PRICES_KEY });
  await client.invalidateQueries({ queryKey: PRICES_KEY });
}

/** GET /api/operator/prices?scope=&partnerId=&tenantId=: one price list, band by band. */
export const getPriceList = (list: PriceListQuery) =>
  api<OperatorPriceList>("/api/operator/prices", { query: { ...list } });

export const priceListQuery = (list: PriceListQuery) =>
  queryOptions({ queryKey: [...PRICES_KEY, list], queryFn: () => getPriceList(list) });

/** Asks only once the list is fully named (a partner or an organisation chosen). */
export const usePriceList = (list: PriceListQuery | null) =>
  useQuery({ ...priceListQuery(list ?? { scope: "standard" }), enabled: list !== null });
