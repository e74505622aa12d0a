import type { PriceSource, ServicePriceView } from "@nc/contracts/prices";

/** Whether two lists charge the same: the same services, currencies and bands. */
export function samePrices(a: readonly ServicePriceView[], b: readonly ServicePriceView[]): boolean {
  const key = (list: readonly ServicePriceView[]) =>
    JSON.stringify(
      list
        .map((p) => [p.service, p.currency, p.bands.map((band) => [band.minMonthlyVolume, band.priceMicros])])
        .sort(),
    );
  return key(a) === key(b);
}

/**
 * Where most of the organisation's prices come from: the list named once above them, so a mark
 * is needed only on a service whose price comes from elsewhere. Null for an empty list.
 */
export function usualSource(prices: readonly ServicePriceView[]): PriceSource | null {
  const counts = new Map<PriceSource, number>();
  for (const p of prices) if (p.source) counts.set(p.source, (counts.get(p.source) ?? 0) + 1);
  let usual: PriceSource | null = null;
  for (const [source, count] of counts) if (usual === null || count > counts.get(usual)!) usual = source;
  return usual;
}
