import { type ChangeCache, changeCache } from "../../db/change-cache";
import type { Database } from "../../db/client";
import type { EffectivePrices, PriceService } from "./price-service";

/**
 * Each organisation's effective price list (special, else partner, else standard, per service),
 * read once per process and dropped on any change to a price list or an organisation's partner.
 * The month's volume that picks the band is not in it: that is read where the charge is made.
 */
export function priceListCache(
  database: Database,
  prices: Pick<PriceService, "effective">,
): ChangeCache<EffectivePrices[]> {
  return changeCache(database.changes, "price_lists", (tenantId) => prices.effective(tenantId));
}
