import type { OperatorMarginRow, OperatorProvidersView } from "@nc/contracts/operator";
import {
  LOOKUP_KIND_CODES,
  type LookupKindCode,
  lookupsOf,
  needsLiveLookup,
  SERVICES,
} from "@nc/contracts/services";
import type { ProviderHealth, RoutedProvider } from "@nc/numcheck/providers/router";
import type { Config } from "../../config";
import type { PartnerService } from "../partner/index";
import type { PriceService } from "../price/index";

type Settings = Pick<
  Config,
  | "LOOKUP_ROUTES"
  | "LOOKUP_CONCURRENCY"
  | "LOOKUP_TIMEOUT_MS"
  | "LOOKUP_DEADLINE_MS"
  | "LOOKUP_STRAGGLER_MS"
  | "LOOKUP_CACHE_HOURS"
>;

/** The services that need a live look-up, with the look-ups each needs (the service descriptor). */
const LIVE_SERVICES = SERVICES.filter(needsLiveLookup);

/**
 * The live look-up providers in the operator console (docs/operations.md, "The operator
 * console"): their last hour (calls, errors, latency, breakers, credit errors), the routing
 * settings that are not secrets, and the margin of each live service: the price a list charges per
 * check against what the providers reported a check cost. Platform operators only.
 */
export function providerConsole(
  router: RoutedProvider,
  partners: PartnerService,
  sandbox: boolean,
  settings: Settings,
  prices: Pick<PriceService, "standardList" | "partnerList">,
) {
  /**
   * What one check of the service cost in a currency: its look-ups at their first provider's
   * average, read from the page's one snapshot of the providers' health.
   */
  function costPerCheck(
    service: (typeof LIVE_SERVICES)[number],
    currency: string,
    health: readonly ProviderHealth[],
  ): number | null {
    let total = 0;
    for (const kind of lookupsOf(service)) {
      // The provider the service's look-ups go to first, as routed by what it needs.
      const first = router.chain(kind, { signals: service.needs.signals })[0];
      const cost = health.find((h) => h.name === first)?.lastHour.costs.find((c) => c.currency === currency);
      if (!cost) return null;
      total += cost.averageMicros;
    }
    return total;
  }

  async function margins(health: readonly ProviderHealth[]): Promise<OperatorMarginRow[]> {
    const lists = [
      { list: "standard" as const, partnerId: null, partnerName: null, prices: await prices.standardList() },
      ...(await Promise.all(
        (
          await partners.list()
        ).map(async (partner) => ({
          list: "partner" as const,
          partnerId: partner.id,
          partnerName: partner.name,
          prices: await prices.partnerList(partner.id),
        })),
      )),
    ];
    return lists.flatMap(({ prices: services, ...owner }) =>
      LIVE_SERVICES.flatMap((service) => {
        const priced = services.find((p) => p.service === service.code);
        const band = priced?.bands[0];
        if (!priced || !band) return [];
        const cost = costPerCheck(service, priced.currency, health);
        return [
          {
            service: service.code,
            ...owner,
            currency: priced.currency,
            priceMicros: band.priceMicros.toString(),
            costMicros: cost === null ? null : String(cost),
            marginMicros: cost === null ? null : (band.priceMicros - BigInt(cost)).toString(),
          },
        ];
      }),
    );
  }

  return {
    async view(): Promise<OperatorProvidersView> {
      // One snapshot for the page: the providers shown and every margin's cost read the same hour.
      const health = router.health();
      return {
        providers: health,
        settings: {
          sandbox,
          routes: settings.LOOKUP_ROUTES ?? null,
          chains: Object.fromEntries(LOOKUP_KIND_CODES.map((kind) => [kind, router.chain(kind)])) as Record<
            LookupKindCode,
            string[]
          >,
          concurrency: settings.LOOKUP_CONCURRENCY,
          timeoutMs: settings.LOOKUP_TIMEOUT_MS,
          deadlineMs: settings.LOOKUP_DEADLINE_MS,
          stragglerMs: settings.LOOKUP_STRAGGLER_MS,
          cacheHours: settings.LOOKUP_CACHE_HOURS,
        },
        margins: await margins(health),
      };
    },
  };
}
