import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { CoverageView } from "@nc/contracts/coverage";
import type { SingleCheckView } from "@nc/contracts/detection-single";
import { SERVICES } from "@nc/contracts/services";
import { describe, expect, it } from "vitest";
import { body, expectError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { liveProviders } from "./helpers/live-providers";
import { inTenant } from "./helpers/tenancy";
import type { TestApp } from "./helpers/test-app";

/** A mobile number of Great Britain (not of a Crown Dependency sharing +44, routed as its own country). */
const GB_MOBILE = "+447400123456";

async function liveKey(t: TestApp) {
  const f = await fundedTenant(t, 1_000_000_000n);
  const api = inTenant(t, f.owner, f.tenantId);
  const made = expectOk<ApiKeyCreatedView>(
    await api("POST", "/api/tenant/apikey", { name: "k", scopes: ["check"], mode: "live" }),
  );
  return { key: made.secret };
}

const get = (t: TestApp, url: string, key: string | null) =>
  t.app.inject({
    method: "GET",
    url,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    remoteAddress: "203.0.113.7",
  });

describe("GET /api/v1/coverage with a provider for Great Britain only", { timeout: 120_000 }, () => {
  // Look-ups are routed for GB alone: every other country has no provider for HLR or MNP.
  const live = liveProviders(["twilio"], "hlr@GB=twilio; mnp@GB=twilio");

  it("prices what a check is charged, and shows live services unavailable where no provider serves", async () => {
    const { key } = await liveKey(live.t);
    const check = (service: string) =>
      live.t.app.inject({
        method: "POST",
        url: "/api/v1/check",
        payload: { service, number: GB_MOBILE },
        headers: { authorization: `Bearer ${key}` },
        remoteAddress: "203.0.113.7",
      });
    // An HLR and a basic check through the API, each charged at the organisation's price.
    const hlrCheck = expectOk<SingleCheckView>(await check("hlr"));
    const basicCheck = expectOk<SingleCheckView>(await check("basic"));
    expect(hlrCheck.sandbox).toBe(false);
    expect(BigInt(hlrCheck.costMicros)).toBeGreaterThan(0n);

    await live.t.app.services.providerStats.flush();
    const all = expectOk<CoverageView>(await get(live.t, "/api/v1/coverage", key));
    expect(all.countries.length).toBeGreaterThan(200);
    const gb = all.countries.find((c) => c.country === "GB")!;
    expect(gb.callingCode).toBe("44");
    expect(gb.services.map((s) => s.service)).toEqual(SERVICES.map((s) => s.code));
    const hlr = gb.services.find((s) => s.service === "hlr")!;
    expect(hlr).toMatchObject({ available: "yes", priceMicros: hlrCheck.costMicros, currency: "USD" });
    expect(gb.services.find((s) => s.service === "basic")).toMatchObject({
      available: "yes",
      priceMicros: basicCheck.costMicros,
      stats: null,
    });
    // The check's look-up is among the measured ones, once written; too few to give a share or median.
    expect(hlr.stats).toEqual({ periodHours: 168, lookups: 1, answeredShare: null, medianLatencyMs: null });

    const de = all.countries.find((c) => c.country === "DE")!;
    expect(de.callingCode).toBe("49");
    const byService = Object.fromEntries(de.services.map((s) => [s.service, s]));
    expect(byService.basic).toMatchObject({ available: "yes", stats: null });
    expect(byService.hlr).toMatchObject({ available: "no", stats: null, priceMicros: hlr.priceMicros });
    expect(byService.mnp!.available).toBe("no");
  });

  it("never names a provider", async () => {
    const { key } = await liveKey(live.t);
    const res = await get(live.t, "/api/v1/coverage?country=gb", key);
    const text = res.body.toLowerCase();
    expect(body(res).data).toMatchObject({ countries: [{ country: "GB" }] });
    const names = live.t.app.services.lookupRouter.health().map((h) => h.name);
    expect(names).toEqual(["twilio"]);
    for (const name of names) expect(text).not.toContain(name.toLowerCase());
  });

  it("refuses a country that is not an ISO code, naming the field, and a call without a key", async () => {
    const { key } = await liveKey(live.t);
    const bad = expectError(await get(live.t, "/api/v1/coverage?country=Germany", key), 400, 40001);
    expect(JSON.stringify(bad.data)).toContain("country");
    expectError(await get(live.t, "/api/v1/coverage", null), 401, 40100);
  });
});
