import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { CoverageView, VisitorPricesView } from "@nc/contracts/coverage";
import { SERVICES } from "@nc/contracts/services";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../src/core/time";
import { queryRows } from "../src/db/query";
import { partners } from "../src/db/schema/index";
import { createProviderStatsBuffer, providerStatsRepo } from "../src/features/coverage/index";
import { priceService } from "../src/features/price/price-service";
import { purgeExpired } from "../src/features/system/housekeeping";
import { call, expectOk, registerUser } from "./helpers/accounts";
import { liveProviders } from "./helpers/live-providers";
import { createTenant } from "./helpers/tenancy";
import type { TestApp } from "./helpers/test-app";

/** The partner whose customers' look-ups LOOKUP_ROUTES sends to Twilio (its id is in the setting). */
const ACME_ID = "5b1e2f7a-8f0e-4a51-9f43-1f2b3c4d5e6f";
const ACME_HOST = "numbers.acme.test";
const GB_MOBILE = "+447400123456";
const ROUTES = `hlr=tyntec; mnp=tyntec; hlr#${ACME_ID}=twilio; mnp#${ACME_ID}=twilio`;

interface StoredRow {
  hour: string;
  provider: string;
  country: string;
  kind: string;
  attempts: number;
  answered: number;
  latency_hist: number[];
}

const stored = (t: TestApp) =>
  queryRows<StoredRow>(
    t.database.db,
    sql`select hour, provider, country, kind, attempts, answered, latency_hist
        from provider_country_stats order by hour, provider, country, kind`,
  );

/** Acme, a partner with its own domain, created with the id its route names. */
async function addAcme(t: TestApp) {
  await t.database.db.insert(partners).values({
    id: ACME_ID,
    name: "Acme Numbers",
    domain: ACME_HOST,
    currency: "EUR",
    logo: "",
    darkLogo: "",
    email: "",
    primaryColor: "",
  });
  // Through the service, so its cache of partners by host learns of Acme.
  await t.app.services.partners.update(ACME_ID, { name: "Acme Numbers" });
}

describe("provider figures per country", { timeout: 120_000 }, () => {
  const live = liveProviders(["tyntec", "twilio"], ROUTES);

  it("two processes' buffers add up in one row; rows older than eight days are pruned", async () => {
    const t = live.t;
    const repo = providerStatsRepo(t.database.db);
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const writers = [0, 1].map(() =>
      createProviderStatsBuffer(repo, { flushMs: 60_000, now: () => hour + 5 }),
    );
    for (let i = 0; i < 30; i++)
      writers[i % 2]!.record({
        provider: "vonage",
        kind: "hlr",
        country: "FR",
        latencyMs: 40,
        answered: i % 3 !== 0,
      });
    writers[0]!.record({ provider: "vonage", kind: "hlr", country: "FR", latencyMs: 4_000, answered: false });
    // Both at once, twice: each flush adds to the row the other wrote (`+ excluded`).
    await Promise.all(writers.map((w) => w.flush()));
    writers[1]!.record({ provider: "vonage", kind: "hlr", country: "FR", latencyMs: 40, answered: true });
    await Promise.all(writers.map((w) => w.flush()));
    const [row] = (await stored(t)).filter((r) => r.provider === "vonage");
    expect(row).toMatchObject({ country: "FR", kind: "hlr", attempts: 32, answered: 21 });
    expect(new Date(row!.hour).getTime()).toBe(hour);
    expect(row!.latency_hist.map(Number)).toEqual([0, 0, 0, 31, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);

    // Nine days ago goes with the housekeeping, seven days ago stays.
    const old = createProviderStatsBuffer(repo, { flushMs: 60_000, now: () => hour - 9 * 24 * HOUR_MS });
    old.record({ provider: "vonage", kind: "hlr", country: "FR", latencyMs: 40, answered: true });
    await old.flush();
    const kept = createProviderStatsBuffer(repo, { flushMs: 60_000, now: () => hour - 7 * 24 * HOUR_MS });
    kept.record({ provider: "vonage", kind: "hlr", country: "FR", latencyMs: 40, answered: true });
    await kept.flush();
    expect((await stored(t)).filter((r) => r.provider === "vonage")).toHaveLength(3);
    await purgeExpired(t.app);
    const left = (await stored(t)).filter((r) => r.provider === "vonage");
    expect(left.map((r) => new Date(r.hour).getTime())).toEqual([hour - 7 * 24 * HOUR_MS, hour]);
  });

  it("a partner's customer's API check follows the partner's route, and its look-up is counted for the country", async () => {
    const t = live.t;
    await addAcme(t);
    const owner = await registerUser(t, { host: ACME_HOST });
    const tenantId = await createTenant(t, owner, "Acme Customer", ACME_HOST);
    await t.app.services.billing.credit({
      tenantId,
      tradeType: TRADE_TYPES.recharge,
      amountMicros: 1_000_000_000n,
      actor: { type: "system" },
    });
    const made = expectOk<ApiKeyCreatedView>(
      await call(
        t,
        "POST",
        "/api/tenant/apikey",
        { name: "k", scopes: ["check"], mode: "live" },
        { sid: owner.sid, host: ACME_HOST, headers: { "x-tenant-id": tenantId } },
      ),
    );
    const before = Object.fromEntries(
      t.app.services.lookupRouter.health().map((h) => [h.name, h.lastHour.calls]),
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/check",
      payload: { service: "hlr", number: GB_MOBILE },
      headers: { authorization: `Bearer ${made.secret}` },
      remoteAddress: "203.0.113.7",
    });
    expectOk(res);
    const after = Object.fromEntries(
      t.app.services.lookupRouter.health().map((h) => [h.name, h.lastHour.calls]),
    );
    // Acme's route: Twilio, not the default tyntec.
    expect(after.twilio! - before.twilio!).toBe(1);
    expect(after.tyntec).toBe(before.tyntec);

    await t.app.services.providerStats.flush();
    expect((await stored(t)).filter((r) => r.provider === "twilio")).toMatchObject([
      { country: "GB", kind: "hlr", attempts: 1, answered: 1 },
    ]);
  });

  it("the public coverage: the host's brand's price and its route's figures over the week, naming no provider", async () => {
    const t = live.t;
    if (!(await t.database.db.select().from(partners).where(eq(partners.id, ACME_ID))).length)
      await addAcme(t);
    await priceService(t.database.db).set({
      scope: "partner",
      partnerId: ACME_ID,
      service: "hlr",
      priceMicros: 8_500n,
    });
    // A week of figures for GB: tyntec answered 20 of 40 quickly, Twilio 25 of 25 slowly.
    const repo = providerStatsRepo(t.database.db);
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    for (const [provider, at, n, answered, ms] of [
      ["tyntec", hour - 6 * 24 * HOUR_MS, 30, 10, 40],
      ["tyntec", hour, 10, 10, 40],
      ["twilio", hour - 3 * HOUR_MS, 25, 25, 900],
      // Eight days ago: outside the week.
      ["tyntec", hour - 8 * 24 * HOUR_MS, 500, 0, 40],
    ] as const) {
      const buffer = createProviderStatsBuffer(repo, { flushMs: 60_000, now: () => at });
      for (let i = 0; i < n; i++)
        buffer.record({ provider, kind: "hlr", country: "GB", latencyMs: ms, answered: i < answered });
      await buffer.flush();
    }

    const coverage = async (host?: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/tenant/pub/coverage?country=gb",
        headers: host ? { host } : {},
      });
      for (const name of ["tyntec", "twilio", "vonage", "sandbox"])
        expect(res.body.toLowerCase()).not.toContain(name);
      return expectOk<CoverageView>(res).countries;
    };
    const [acme] = await coverage(ACME_HOST);
    expect(acme).toMatchObject({ country: "GB", callingCode: "44" });
    const acmeHlr = acme!.services.find((s) => s.service === "hlr")!;
    expect(acmeHlr).toMatchObject({ available: "yes", priceMicros: "8500", currency: "EUR" });
    // Twilio's figures (Acme's route) plus the check of the test before.
    expect(acmeHlr.stats).toMatchObject({ periodHours: 168, answeredShare: 1, medianLatencyMs: 1_000 });
    expect(acmeHlr.stats!.lookups).toBeGreaterThanOrEqual(25);

    const [platform] = await coverage();
    const hlr = platform!.services.find((s) => s.service === "hlr")!;
    expect(hlr).toMatchObject({
      available: "yes",
      currency: "USD",
      stats: { periodHours: 168, lookups: 40, answeredShare: 0.5, medianLatencyMs: 50 },
    });
    expect(hlr.priceMicros).not.toBe("8500");
    // MNP is routed but unmeasured for GB: available, without figures.
    expect(platform!.services.find((s) => s.service === "mnp")).toMatchObject({
      available: "yes",
      stats: null,
    });
  });

  it("the home page's prices: the host's brand's list where it prices a service, the standard list elsewhere", async () => {
    const prices = async (host?: string) =>
      expectOk<VisitorPricesView>(
        await live.t.app.inject({
          method: "GET",
          url: "/api/tenant/pub/prices",
          headers: host ? { host } : {},
        }),
      ).services;
    const platform = await prices();
    expect(platform.map((p) => p.service)).toEqual(SERVICES.map((s) => s.code));
    const standardHlr = platform.find((p) => p.service === "hlr")!;
    expect(standardHlr.currency).toBe("USD");
    expect(standardHlr.bands.map((b) => b.minMonthlyVolume)).toEqual([0, 100_000, 1_000_000]);

    const acme = await prices(ACME_HOST);
    // Acme prices HLR itself (the test before): one band of its own; basic is the standard's.
    expect(acme.find((p) => p.service === "hlr")).toMatchObject({
      currency: "EUR",
      bands: [{ minMonthlyVolume: 0, priceMicros: "8500" }],
    });
    expect(acme.find((p) => p.service === "basic")).toEqual(platform.find((p) => p.service === "basic"));
  });

  it("refuses a country that is not an ISO code, naming the field", async () => {
    const res = await live.t.app.inject({ method: "GET", url: "/api/tenant/pub/coverage?country=Germany" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40001 });
    expect(res.body).toContain("country");
  });
});
