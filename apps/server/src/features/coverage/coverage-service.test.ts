import { COVERAGE_MIN_LOOKUPS } from "@nc/contracts/coverage";
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../core/time";
import { coverageService, statsView } from "./coverage-service";
import type { PeriodFigures } from "./provider-stats-repo";
import { emptyFigures } from "./provider-stats-rows";

/** Figures with `fast` calls in the slot up to 50 ms and `slow` in the one up to 1 s. */
function figures(
  provider: string,
  country: string,
  kind: string,
  fast: number,
  slow: number,
  answered: number,
) {
  const f: PeriodFigures = { provider, country, kind, ...emptyFigures() };
  f.attempts = fast + slow;
  f.answered = answered;
  f.latencyHist[3] = fast;
  f.latencyHist[10] = slow;
  return f;
}

const priceList = (service: "hlr" | "mnp" | "basic", currency: string, micros: bigint[]) => ({
  service,
  currency,
  bands: micros.map((priceMicros, i) => ({ minMonthlyVolume: i * 100, priceMicros })),
});

function setUp(rows: PeriodFigures[], routes: Record<string, string[]> = {}) {
  let now = 1_000 * HOUR_MS;
  const reads: Date[] = [];
  const service = coverageService({
    prices: {
      partnerOf: async () => "partner-a",
      effective: async () => [{ ...priceList("hlr", "EUR", [9_000n, 7_000n]), source: "partner" as const }],
      volumeThisMonth: async () => ({ hlr: 150 }),
      partnerList: async (id) => (id === "partner-a" ? [priceList("hlr", "EUR", [9_000n, 7_000n])] : []),
      standardList: async () => [priceList("hlr", "USD", [10_000n]), priceList("basic", "USD", [1_000n])],
    },
    router: {
      sandbox: false,
      // Partner A's HLR goes to p2 alone; everyone else's to p1 then p2; MNP to nobody outside GB.
      chain: (kind, context) =>
        routes[`${kind}#${context?.partnerId}`] ??
        routes[`${kind}@${context?.country}`] ??
        routes[kind] ??
        [],
    },
    stats: {
      async since(since) {
        reads.push(since);
        return rows;
      },
    },
    now: () => now,
  });
  return { service, reads, advance: (ms: number) => (now += ms) };
}

describe("coverage from the week's stored figures", () => {
  it("reads the median off the histograms summed over the providers of the caller's route, naming none", async () => {
    const { service, reads } = setUp(
      [
        // The default route's providers for GB: p1 answers 30 of 40 quickly, p2 20 of 20 slowly.
        figures("p1", "GB", "hlr", 40, 0, 30),
        figures("p2", "GB", "hlr", 0, 20, 20),
        // Another country's and another kind's figures do not count for GB's HLR.
        figures("p1", "DE", "hlr", 0, 500, 0),
        figures("p1", "GB", "mnp", 0, 500, 500),
      ],
      { hlr: ["p1", "p2"], "hlr#partner-a": ["p2"], "mnp@GB": ["p1"] },
    );
    const visitor = await service.forVisitor("partner-b", "GB");
    const hlr = visitor.countries[0]!.services.find((s) => s.service === "hlr")!;
    // 60 look-ups: the 30th is in the 50 ms slot; 50 of 60 answered.
    expect(hlr).toEqual({
      service: "hlr",
      available: "yes",
      priceMicros: "10000",
      currency: "USD",
      stats: { periodHours: 168, lookups: 60, answeredShare: 0.8333, medianLatencyMs: 50 },
    });
    // Partner A's visitors are routed to p2 alone: its figures only, at the brand's first band.
    const partner = await service.forVisitor("partner-a", "GB");
    expect(partner.countries[0]!.services.find((s) => s.service === "hlr")).toEqual({
      service: "hlr",
      available: "yes",
      priceMicros: "9000",
      currency: "EUR",
      stats: { periodHours: 168, lookups: 20, answeredShare: 1, medianLatencyMs: 1_000 },
    });
    // The week: 168 hours, the current one included, from the start of an hour.
    expect(reads).toHaveLength(1);
    expect(reads[0]!.getTime()).toBe((1_000 - 167) * HOUR_MS);
    expect(JSON.stringify([visitor, partner])).not.toMatch(/p1|p2/);
  });

  it("prices an organisation at its band and says where no provider serves", async () => {
    const { service } = setUp([], { hlr: ["p1"] });
    const view = await service.forOrganisation("t1", "FR");
    const byService = Object.fromEntries(view.countries[0]!.services.map((s) => [s.service, s]));
    expect(byService.hlr).toEqual({
      service: "hlr",
      available: "yes",
      priceMicros: "7000",
      currency: "EUR",
      stats: null,
    });
    expect(byService.mnp).toMatchObject({ available: "no", stats: null });
    expect(byService.basic).toMatchObject({ available: "yes", stats: null });
  });

  it("keeps each answer a minute: the week is read once a minute whatever the callers", async () => {
    const { service, reads, advance } = setUp([], { hlr: ["p1"] });
    await Promise.all([service.forVisitor("a"), service.forVisitor("b"), service.forOrganisation("t1")]);
    advance(59_000);
    await service.forVisitor("a");
    expect(reads).toHaveLength(1);
    advance(2_000);
    await service.forVisitor("a");
    expect(reads).toHaveLength(2);
  });

  it("says too little below the minimum count, and nothing without look-ups", () => {
    const few = { ...emptyFigures(), attempts: COVERAGE_MIN_LOOKUPS - 1, answered: 5 };
    few.latencyHist[3] = few.attempts;
    expect(statsView(few)).toEqual({
      periodHours: 168,
      lookups: COVERAGE_MIN_LOOKUPS - 1,
      answeredShare: null,
      medianLatencyMs: null,
    });
    expect(statsView(emptyFigures())).toBeNull();
  });
});
