import { describe, expect, it } from "vitest";
import { coverageService, mergeStats } from "./coverage";

const figures = (calls: number, errors: number, p50Ms: number | null) => ({
  calls,
  errors,
  errorRate: calls ? errors / calls : 0,
  creditErrors: 0,
  p50Ms,
  p99Ms: p50Ms,
  costs: [],
});

const prices = {
  partnerOf: async () => "p",
  effective: async () => [
    {
      service: "hlr" as const,
      currency: "EUR",
      source: "partner" as const,
      bands: [
        { minMonthlyVolume: 0, priceMicros: 9_000n },
        { minMonthlyVolume: 100, priceMicros: 7_000n },
      ],
    },
  ],
  volumeThisMonth: async () => ({ hlr: 150 }),
};

describe("coverage", () => {
  it("with the sandbox alone, live services say they give sample answers, without figures", async () => {
    const router = { sandbox: true, chain: () => ["sandbox"], health: () => [] };
    const view = await coverageService(prices, router).forOrganisation("t", "FR");
    expect(view.countries).toHaveLength(1);
    const [fr] = view.countries;
    expect(fr).toMatchObject({ country: "FR", callingCode: "33" });
    const hlr = fr!.services.find((s) => s.service === "hlr");
    // The band this month's volume (150) reached, as a check is charged.
    expect(hlr).toEqual({
      service: "hlr",
      available: "sample",
      priceMicros: "7000",
      currency: "EUR",
      stats: null,
    });
    expect(fr!.services.find((s) => s.service === "basic")).toMatchObject({
      available: "yes",
      priceMicros: null,
    });
  });

  it("sums look-ups and answers over providers; the median is weighted by calls", () => {
    expect(mergeStats([figures(0, 0, null)])).toBeNull();
    expect(mergeStats([figures(30, 3, 200), figures(10, 0, 1_000), figures(0, 0, null)])).toEqual({
      periodHours: 1,
      lookups: 40,
      answeredShare: 0.925,
      medianLatencyMs: 200,
    });
    expect(mergeStats([figures(10, 0, 200), figures(30, 0, 1_000)])!.medianLatencyMs).toBe(1_000);
  });
});
