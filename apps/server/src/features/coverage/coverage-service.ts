import {
  COVERAGE_MIN_LOOKUPS,
  COVERAGE_PERIOD_HOURS,
  type CoverageAvailability,
  type CoverageCountryView,
  type CoverageStatsView,
  type CoverageView,
  type VisitorPricesView,
} from "@nc/contracts/coverage";
import { lookupsOf, needsLiveLookup, SERVICES, type ServiceCode } from "@nc/contracts/services";
import type { RoutedProvider } from "@nc/numcheck/providers/router";
import { REGIONS } from "@nc/numcheck/regions";
import { HOUR_MS } from "../../core/time";
import { type EffectivePrices, type PriceService, pickBand, priceView } from "../price/index";
import type { ProviderStatsRepo } from "./provider-stats-repo";
import { addFigures, emptyFigures, type Figures, medianLatencyMs } from "./provider-stats-rows";
import { ttlMemo } from "./ttl-memo";

type Service = (typeof SERVICES)[number];
/** A country's services without their prices: what depends on the partner's routes alone. */
type Routed = {
  country: string;
  callingCode: string;
  services: Omit<CoverageCountryView["services"][number], "priceMicros" | "currency">[];
}[];
type Price = { priceMicros: string; currency: string } | null;
type PriceList = Pick<EffectivePrices, "service" | "currency" | "bands">;

/** How long a computed answer is reused (docs/api.md, "Coverage"). */
export const COVERAGE_CACHE_MS = 60_000;

/** Figures summed over the period, or null without look-ups; share and median need enough of them. */
export function statsView(figures: Figures): CoverageStatsView | null {
  if (figures.attempts === 0) return null;
  const enough = figures.attempts >= COVERAGE_MIN_LOOKUPS;
  return {
    periodHours: COVERAGE_PERIOD_HOURS,
    lookups: figures.attempts,
    answeredShare: enough ? Math.round((figures.answered / figures.attempts) * 10_000) / 10_000 : null,
    medianLatencyMs: enough ? medianLatencyMs(figures) : null,
  };
}

const figuresKey = (provider: string, country: string, kind: string) => `${provider}|${country}|${kind}`;

/**
 * What a customer can see before paying (docs/api.md, "Coverage"): per country, each service's
 * availability, its price, and for live services what the providers the caller's checks would be
 * routed to measured for the country's numbers over the last week. Provider names stay inside:
 * partners resell under their own brand. The week's figures are read once a minute for every
 * partner (one grouped query); each partner's answer is computed from them and its routes and kept
 * for a minute, so the number of queries does not grow with countries or callers.
 */
export function coverageService(deps: {
  prices: Pick<PriceService, "partnerOf" | "effective" | "volumeThisMonth" | "partnerList" | "standardList">;
  router: Pick<RoutedProvider, "chain" | "sandbox">;
  stats: Pick<ProviderStatsRepo, "since">;
  now?: () => number;
  cacheMs?: number;
}) {
  const now = deps.now ?? Date.now;
  const cacheMs = deps.cacheMs ?? COVERAGE_CACHE_MS;
  const { router, prices } = deps;

  const week = ttlMemo(cacheMs, now, async () => {
    const since = new Date(Math.floor(now() / HOUR_MS) * HOUR_MS - (COVERAGE_PERIOD_HOURS - 1) * HOUR_MS);
    const rows = await deps.stats.since(since);
    return new Map(rows.map((r) => [figuresKey(r.provider, r.country, r.kind), r]));
  });

  const routed = ttlMemo(cacheMs, now, async (partnerId): Promise<Routed> => {
    const figures = await week("");
    const serviceIn = (service: Service, iso: string) => {
      if (!needsLiveLookup(service)) return { service: service.code, available: "yes" as const, stats: null };
      // Every look-up the service asks needs a provider for the country, routed as a check would be.
      const chains = lookupsOf(service).map((kind) => ({
        kind,
        names: router.chain(kind, { country: iso, partnerId, signals: service.needs.signals }),
      }));
      const covered = chains.every((c) => c.names.length > 0);
      const available: CoverageAvailability = !covered ? "no" : router.sandbox ? "sample" : "yes";
      if (available !== "yes") return { service: service.code, available, stats: null };
      const total = emptyFigures();
      for (const { kind, names } of chains)
        for (const name of names) {
          const found = figures.get(figuresKey(name, iso, kind));
          if (found) addFigures(total, found);
        }
      return { service: service.code, available, stats: statsView(total) };
    };
    return REGIONS.map((r) => ({
      country: r.country,
      callingCode: r.callingCode,
      services: SERVICES.map((s) => serviceIn(s, r.country)),
    }));
  });

  const withPrices = (
    countries: Routed,
    priceOf: (code: ServiceCode) => Price,
    country?: string,
  ): CoverageView => ({
    countries: countries
      .filter((c) => !country || c.country === country)
      .map((c) => ({
        ...c,
        services: c.services.map((s) => {
          const price = priceOf(s.service);
          return { ...s, priceMicros: price?.priceMicros ?? null, currency: price?.currency ?? null };
        }),
      })),
  });

  const listPrice = (lists: PriceList[], code: ServiceCode, volume: number): Price => {
    const list = lists.find((p) => p.service === code);
    const band = list && pickBand(list.bands, volume);
    return band ? { priceMicros: band.priceMicros.toString(), currency: list.currency } : null;
  };

  // A visitor's prices: the brand's list where it prices a service, else the standard one; the
  // first band, where a new customer starts.
  // The brand's own list and the standard one, read once a minute per brand for both the coverage
  // page and the home page's prices.
  const brandLists = ttlMemo(cacheMs, now, async (partnerId) => {
    const [own, standard] = await Promise.all([prices.partnerList(partnerId), prices.standardList()]);
    return { own, standard };
  });

  const visitorView = ttlMemo(cacheMs, now, async (partnerId) => {
    const [countries, { own, standard }] = await Promise.all([routed(partnerId), brandLists(partnerId)]);
    const priceOf = (code: ServiceCode) => listPrice(own, code, 0) ?? listPrice(standard, code, 0);
    return withPrices(countries, priceOf);
  });

  // The whole list a visitor's brand starts from, every band: the home page's pricing.
  const visitorList = ttlMemo(cacheMs, now, async (partnerId): Promise<VisitorPricesView> => {
    const { own, standard } = await brandLists(partnerId);
    const listOf = (code: ServiceCode) =>
      own.find((p) => p.service === code) ?? standard.find((p) => p.service === code);
    return {
      services: SERVICES.flatMap((s) => {
        const list = listOf(s.code);
        return list && list.bands.length > 0 ? [priceView(list)] : [];
      }),
    };
  });

  return {
    /** For a visitor of a partner's site (the home page): the brand's price list for a new customer. */
    visitorPrices: (partnerId: string): Promise<VisitorPricesView> => visitorList(partnerId),

    /** For an organisation (the public API): its effective prices at this month's band. */
    async forOrganisation(tenantId: string, country?: string): Promise<CoverageView> {
      const partnerId = await prices.partnerOf(tenantId);
      const [countries, lists, volume] = await Promise.all([
        routed(partnerId),
        prices.effective(tenantId, partnerId),
        prices.volumeThisMonth(tenantId),
      ]);
      // The unit price a check is charged (detection-service.ts): the band this month's volume reached.
      return withPrices(countries, (code) => listPrice(lists, code, volume[code] ?? 0), country);
    },

    /** For a visitor of a partner's site (the public coverage page): the brand's prices for a new customer. */
    async forVisitor(partnerId: string, country?: string): Promise<CoverageView> {
      const view = await visitorView(partnerId);
      return country ? { countries: view.countries.filter((c) => c.country === country) } : view;
    },
  };
}

export type CoverageService = ReturnType<typeof coverageService>;
