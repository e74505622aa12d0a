import type {
  CoverageAvailability,
  CoverageCountryView,
  CoverageServiceView,
  CoverageStatsView,
  CoverageView,
} from "@nc/contracts/coverage";
import { lookupsOf, needsLiveLookup, SERVICES } from "@nc/contracts/services";
import type { ProviderHealth, RoutedProvider } from "@nc/numcheck/providers/router";
import { REGIONS } from "@nc/numcheck/regions";
import { type PriceService, pickBand } from "../price/index";

/** The providers' measured figures cover their last hour (the router keeps no more). */
const STATS_PERIOD_HOURS = 1;

type Service = (typeof SERVICES)[number];
type Figures = Pick<ProviderHealth, "lastHour">["lastHour"];

/**
 * Figures of several providers as one: look-ups and answers summed; the median is the call-weighted
 * median of the providers' medians (each the upper bound of its latency slot). Null without calls.
 */
export function mergeStats(figures: readonly Figures[]): CoverageStatsView | null {
  const used = figures.filter((f) => f.calls > 0);
  const lookups = used.reduce((sum, f) => sum + f.calls, 0);
  if (lookups === 0) return null;
  const answered = used.reduce((sum, f) => sum + (f.calls - f.errors), 0);
  const medians = used
    .filter((f) => f.p50Ms !== null)
    .map((f) => ({ ms: f.p50Ms!, calls: f.calls }))
    .sort((a, b) => a.ms - b.ms);
  const half = medians.reduce((sum, m) => sum + m.calls, 0) / 2;
  let seen = 0;
  const median = medians.find((m) => {
    seen += m.calls;
    return seen >= half;
  });
  return {
    periodHours: STATS_PERIOD_HOURS,
    lookups,
    answeredShare: Math.round((answered / lookups) * 10_000) / 10_000,
    medianLatencyMs: median?.ms ?? null,
  };
}

/**
 * What a customer can see before paying (docs/api.md, "Coverage"): per country, each service's
 * availability, the price per number the organisation would pay now, and for live services what
 * the providers serving it measured. Provider names stay inside: partners resell under their own
 * brand. A constant number of queries (the organisation's partner, its prices, its month's volume)
 * whatever the number of countries; routes and figures are the router's, in memory.
 */
export function coverageService(
  prices: Pick<PriceService, "partnerOf" | "effective" | "volumeThisMonth">,
  router: Pick<RoutedProvider, "chain" | "health" | "sandbox">,
) {
  return {
    async forOrganisation(tenantId: string, country?: string): Promise<CoverageView> {
      const partnerId = await prices.partnerOf(tenantId);
      const [lists, volume] = await Promise.all([
        prices.effective(tenantId, partnerId),
        prices.volumeThisMonth(tenantId),
      ]);
      // The unit price a check is charged (detection-service.ts): the band this month's volume reached.
      const priceOf = (service: Service) => {
        const list = lists.find((p) => p.service === service.code);
        const band = list && pickBand(list.bands, volume[service.code] ?? 0);
        return band ? { priceMicros: band.priceMicros.toString(), currency: list.currency } : null;
      };
      const priced = new Map(SERVICES.map((s) => [s.code, priceOf(s)]));
      const health = new Map(router.health().map((h) => [h.name, h.lastHour]));
      const regions = country ? REGIONS.filter((r) => r.country === country) : REGIONS;

      const serviceIn = (service: Service, iso: string): CoverageServiceView => {
        const price = priced.get(service.code) ?? null;
        const base = {
          service: service.code,
          priceMicros: price?.priceMicros ?? null,
          currency: price?.currency ?? null,
        };
        if (!needsLiveLookup(service)) return { ...base, available: "yes", stats: null };
        // Every look-up the service asks needs a provider for the country, as a check routes it.
        const chains = lookupsOf(service).map((kind) =>
          router.chain(kind, { country: iso, partnerId, signals: service.needs.signals }),
        );
        const covered = chains.every((names) => names.length > 0);
        const available: CoverageAvailability = !covered ? "no" : router.sandbox ? "sample" : "yes";
        const serving = [...new Set(chains.flat())];
        const stats =
          available === "yes" ? mergeStats(serving.flatMap((name) => health.get(name) ?? [])) : null;
        return { ...base, available, stats };
      };

      const countries: CoverageCountryView[] = regions.map((r) => ({
        country: r.country,
        callingCode: r.callingCode,
        services: SERVICES.map((s) => serviceIn(s, r.country)),
      }));
      return { countries };
    },
  };
}

export type CoverageService = ReturnType<typeof coverageService>;
