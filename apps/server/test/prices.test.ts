import type { PriceOverview, PriceQuoteView } from "@nc/contracts/prices";
import { SERVICES } from "@nc/contracts/services";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../src/cli/command";
import { priceCommands } from "../src/cli/commands/price";
import { loadConfig } from "../src/config";
import { priceEntries, tenantMembers } from "../src/db/schema/index";
import {
  DEFAULT_STANDARD_PRICES,
  ensureStandardPrices,
  PriceInputError,
  priceService,
} from "../src/features/price/price-service";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  registerUser,
} from "./helpers/accounts";
import { fundedTenant, system } from "./helpers/billing";
import { capturingIo } from "./helpers/cli";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

describe("prices", () => {
  let t: TestApp;
  let prices: ReturnType<typeof priceService>;
  let partnerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    prices = priceService(t.database.db);
    partnerId = (await t.app.services.partners.ensureDefault()).id;
  });
  afterAll(() => t.close());

  /** A funded organisation with its owner's caller. */
  async function org() {
    const funded = await fundedTenant(t, 1_000_000_000n);
    return { ...funded, as: inTenant(t, funded.owner, funded.tenantId) };
  }

  const quote = (as: ReturnType<typeof inTenant>, service: string, quantity: number | string) =>
    as("GET", `/api/tenant/price/quote?service=${service}&quantity=${quantity}`);

  it("seeds the default standard list once, with three volume bands per service", async () => {
    expect(await ensureStandardPrices(t.database.db)).toBe(0);
    const standard = await prices.standardList();
    expect(standard.map((p) => p.service)).toEqual(SERVICES.map((s) => s.code));
    for (const list of standard) {
      expect(list.currency).toBe("USD");
      expect(list.bands.map((b) => b.minMonthlyVolume)).toEqual([0, 100_000, 1_000_000]);
      expect(list.bands.map((b) => b.priceMicros)).toEqual([...DEFAULT_STANDARD_PRICES[list.service]]);
    }
    expect(standard.find((p) => p.service === "hlr")!.bands[0]!.priceMicros).toBe(8_000n);
  });

  it("takes special over partner over standard, per service", async () => {
    const { tenantId, as } = await org();
    const sourceOf = async (service: string) => expectOk<PriceQuoteView>(await quote(as, service, 1)).source;
    expect(await sourceOf("mnp")).toBe("standard");

    await prices.set({ scope: "partner", partnerId, service: "mnp", priceMicros: 5_500n });
    try {
      expect(expectOk<PriceQuoteView>(await quote(as, "mnp", 2))).toMatchObject({
        source: "partner",
        unitPriceMicros: "5500",
        totalMicros: "11000",
      });
      await prices.set({ scope: "special", tenantId, service: "mnp", priceMicros: 4_250n });
      expect(expectOk<PriceQuoteView>(await quote(as, "mnp", 2))).toMatchObject({
        source: "special",
        unitPriceMicros: "4250",
        totalMicros: "8500",
      });
      // The special price is this organisation's only; other services keep their own source.
      expect(await sourceOf("basic")).toBe("standard");
      const other = await org();
      expect(expectOk<PriceQuoteView>(await quote(other.as, "mnp", 1)).source).toBe("partner");

      const overview = expectOk<PriceOverview>(await as("GET", "/api/tenant/price"));
      expect(overview.effective!.services.find((s) => s.service === "mnp")).toEqual({
        service: "mnp",
        currency: "USD",
        source: "special",
        bands: [{ minMonthlyVolume: 0, priceMicros: "4250" }],
      });

      expect(await prices.remove("special", { tenantId }, "mnp")).toBe(1);
      expect(await sourceOf("mnp")).toBe("partner");
    } finally {
      await prices.remove("partner", { partnerId }, "mnp");
    }
    expect(await sourceOf("mnp")).toBe("standard");
  });

  it("picks the band by this month's volume before the purchase", async () => {
    const { tenantId, as, billing } = await org();
    const q = async (quantity = 1) => expectOk<PriceQuoteView>(await quote(as, "hlr", quantity));
    expect(await q()).toMatchObject({ band: 0, monthlyVolume: 0, unitPriceMicros: "8000" });

    await billing.charge({
      tenantId,
      tradeType: TRADE_TYPES.checkHlr,
      amountMicros: 1_000n,
      service: "hlr",
      quantity: 99_999,
      actor: system,
    });
    // 99,999 before the purchase: still the first band, even for a purchase that crosses 100,000.
    expect(await q(10)).toMatchObject({
      band: 0,
      monthlyVolume: 99_999,
      unitPriceMicros: "8000",
      totalMicros: "80000",
    });

    // A bulk hold counts its quantity too.
    await billing.reserve({
      tenantId,
      tradeType: TRADE_TYPES.dataWebDetection,
      amountMicros: 1_000n,
      service: "hlr",
      quantity: 1,
      actor: system,
    });
    expect(await q(10)).toMatchObject({ band: 100_000, monthlyVolume: 100_000, unitPriceMicros: "6500" });

    // Other services and credits do not count.
    await billing.charge({
      tenantId,
      tradeType: TRADE_TYPES.checkBasic,
      amountMicros: 1_000n,
      service: "basic",
      quantity: 5_000_000,
      actor: system,
    });
    await billing.credit({ tenantId, tradeType: TRADE_TYPES.refund, amountMicros: 1_000n, actor: system });
    expect((await q()).monthlyVolume).toBe(100_000);
    expect(expectOk<PriceQuoteView>(await quote(as, "basic", 1))).toMatchObject({
      band: 1_000_000,
      unitPriceMicros: "600",
    });

    // Next month the volume starts again from zero.
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
    const later = await priceService(t.database.db, () => nextMonth).quote(tenantId, "hlr", 1);
    expect(later).toMatchObject({ monthlyVolume: 0, band: 0, unitPriceMicros: 8_000n });

    const overview = expectOk<PriceOverview>(await as("GET", "/api/tenant/price"));
    expect(overview.effective!.monthlyVolume).toEqual({ hlr: 100_000, basic: 5_000_000 });
  });

  it("does the quote math in integer micros, exact at the largest quantity", async () => {
    const { tenantId, as } = await org();
    await prices.set({ scope: "special", tenantId, service: "fraud_shield", priceMicros: 3_333n });
    expect(expectOk<PriceQuoteView>(await quote(as, "fraud_shield", 3))).toEqual({
      service: "fraud_shield",
      quantity: 3,
      monthlyVolume: 0,
      band: 0,
      source: "special",
      currency: "USD",
      unitPriceMicros: "3333",
      totalMicros: "9999",
    });
    // 0.000001 * 10,000,000 and 0.999999 * 10,000,000: no rounding anywhere.
    await prices.set({ scope: "special", tenantId, service: "basic", priceMicros: 1n });
    expect(expectOk<PriceQuoteView>(await quote(as, "basic", 10_000_000)).totalMicros).toBe("10000000");
    await prices.set({ scope: "special", tenantId, service: "basic", priceMicros: 999_999n });
    expect(expectOk<PriceQuoteView>(await quote(as, "basic", 10_000_000)).totalMicros).toBe("9999990000000");
    const direct = await prices.quote(tenantId, "basic", 7);
    expect(typeof direct.totalMicros).toBe("bigint");
    expect(direct.totalMicros).toBe(6_999_993n);
  });

  it("shows each list only with its own permission", async () => {
    const { tenantId, owner, as } = await org();
    // Owner (super): all three lists.
    const all = expectOk<PriceOverview>(await as("GET", "/api/tenant/price"));
    expect(Object.keys(all).sort()).toEqual(["effective", "partner", "standard"]);
    expect(all.effective!.services).toHaveLength(SERVICES.length);
    expect(all.standard).toHaveLength(SERVICES.length);
    expect(all.partner).toEqual([]);

    const withRole = async (permissions: string[]) => {
      const role = expectOk<{ id: string }>(
        await as("POST", "/api/tenant/role", { name: `Only ${permissions.join(" ")}`, permissions }),
      );
      const user: Account = await registerUser(t);
      await t.database.db.insert(tenantMembers).values({ tenantId, userId: user.id, roleId: role.id });
      return inTenant(t, user, tenantId);
    };

    const special = await withRole(["special_price:read"]);
    expect(Object.keys(expectOk<PriceOverview>(await special("GET", "/api/tenant/price")))).toEqual([
      "effective",
    ]);
    expectOk(await quote(special, "hlr", 1));

    const standard = await withRole(["standard_price:read"]);
    const standardView = expectOk<PriceOverview>(await standard("GET", "/api/tenant/price"));
    expect(Object.keys(standardView)).toEqual(["standard"]);
    expect(standardView.standard![0]).toMatchObject({ service: "basic", currency: "USD" });
    expect(standardView.standard![0]).not.toHaveProperty("source");
    expectError(await quote(standard, "hlr", 1), 403, 40300);

    await prices.set({ scope: "partner", partnerId, service: "hlr", priceMicros: 7_000n });
    try {
      const dsp = await withRole(["dsp_standard_price:read"]);
      expect(expectOk<PriceOverview>(await dsp("GET", "/api/tenant/price"))).toEqual({
        partner: [{ service: "hlr", currency: "USD", bands: [{ minMonthlyVolume: 0, priceMicros: "7000" }] }],
      });
    } finally {
      await prices.remove("partner", { partnerId }, "hlr");
    }

    const detection = await withRole(["detection:create"]);
    expectError(await detection("GET", "/api/tenant/price"), 403, 40300);
    expect(expectOk<PriceQuoteView>(await quote(detection, "hlr", 2)).totalMicros).toBe("16000");

    const none = await withRole(["notice:read"]);
    expectError(await none("GET", "/api/tenant/price"), 403, 40300);
    expectError(await quote(none, "hlr", 1), 403, 40300);

    // Built-in Viewer: its own prices and the standard list, not the partner list.
    const viewer = await memberWithRole(t, tenantId, "viewer");
    expect(
      Object.keys(
        expectOk<PriceOverview>(await inTenant(t, viewer, tenantId)("GET", "/api/tenant/price")),
      ).sort(),
    ).toEqual(["effective", "standard"]);
    expect(owner.id).toBeTruthy();
  });

  it("validates the quote query", async () => {
    const { as } = await org();
    expectFieldError(await quote(as, "sms", 1), "service", "invalid_value");
    expectFieldError(await quote(as, "hlr", 0), "quantity", "out_of_range");
    expectFieldError(await quote(as, "hlr", 10_000_001), "quantity", "out_of_range");
    expectFieldError(await quote(as, "hlr", "1.5"), "quantity", "invalid_type");
    expectFieldError(await as("GET", "/api/tenant/price/quote?quantity=1"), "service", "invalid_value");
    expect(expectOk<PriceQuoteView>(await as("GET", "/api/tenant/price/quote?service=hlr")).quantity).toBe(1);
  });

  it("answers priceNotSet, translated, when no list prices the service", async () => {
    const { tenantId, owner, as } = await org();
    const saved = await t.database.db.select().from(priceEntries).where(eq(priceEntries.scope, "standard"));
    await prices.remove("standard", {}, "fraud_shield_enhanced");
    try {
      const envelope = expectError<{ service: string }>(
        await quote(as, "fraud_shield_enhanced", 1),
        400,
        40040,
      );
      expect(envelope.data).toEqual({ service: "fraud_shield_enhanced" });
      expect(envelope.msg).toContain("fraud_shield_enhanced");
      const es = await call(
        t,
        "GET",
        "/api/tenant/price/quote?service=fraud_shield_enhanced&quantity=1",
        undefined,
        {
          sid: owner.sid,
          headers: { "x-tenant-id": tenantId, "x-locale": "es" },
        },
      );
      expect(es.json().msg).toMatch(/precio/);
      await expect(prices.quote(tenantId, "fraud_shield_enhanced", 1)).rejects.toMatchObject({
        key: "priceNotSet",
      });
      // The effective list leaves the service out instead of failing.
      const overview = expectOk<PriceOverview>(await as("GET", "/api/tenant/price"));
      expect(overview.effective!.services.map((s) => s.service)).not.toContain("fraud_shield_enhanced");
    } finally {
      await t.database.db
        .insert(priceEntries)
        .values(saved.filter((r) => r.service === "fraud_shield_enhanced"))
        .onConflictDoNothing();
    }
    expectOk(await quote(as, "fraud_shield_enhanced", 1));
  });

  it("refuses bad operator input with a clear message", async () => {
    const { tenantId } = await org();
    const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(PriceInputError);
    await refused(prices.set({ scope: "standard", service: "sms", priceMicros: 1n }));
    await refused(prices.set({ scope: "standard", service: "hlr", priceMicros: 0n }));
    await refused(prices.set({ scope: "standard", service: "hlr", priceMicros: 1n, minMonthlyVolume: -1 }));
    await refused(prices.set({ scope: "partner", service: "hlr", priceMicros: 1n }));
    await refused(prices.set({ scope: "special", service: "hlr", priceMicros: 1n }));
    await refused(
      prices.set({
        scope: "special",
        tenantId: "0190b7a0-0000-7000-8000-000000000000",
        service: "hlr",
        priceMicros: 1n,
      }),
    );
    await refused(
      prices.set({ scope: "special", tenantId, service: "hlr", priceMicros: 1n, currency: "dollars" }),
    );
    await prices.set({ scope: "special", tenantId, service: "hlr", priceMicros: 5n });
    await expect(
      prices.set({
        scope: "special",
        tenantId,
        service: "hlr",
        priceMicros: 4n,
        minMonthlyVolume: 10,
        currency: "EUR",
      }),
    ).rejects.toThrow(/USD/);
  });

  describe("operator commands", () => {
    const run = async (action: string, values: Record<string, string>) => {
      const command = priceCommands.find((c) => c.action === action)!;
      const { io, out } = capturingIo();
      const code = await command.run({
        values,
        database: t.database,
        services: t.app.services,
        config: loadConfig({ NODE_ENV: "test" }),
        io,
        operator: "test",
      });
      return { code, out: out() };
    };

    it("sets, lists and removes bands", async () => {
      const { tenantId, as } = await org();
      const base = { scope: "special", tenant: tenantId, service: "mnp" };
      expect(await run("set", { ...base, price: "0.0075" })).toMatchObject({ code: 0 });
      expect((await run("set", { ...base, price: "0.005", "min-volume": "1000" })).out).toContain(
        "from 1000 numbers/month: 0.005 USD",
      );
      const listed = await run("list", { tenant: tenantId });
      expect(listed.out).toContain(
        '"service":"mnp","fromVolume":0,"price":"0.0075","currency":"USD","source":"special"',
      );
      expect((await run("list", {})).out).toContain(`special:${tenantId}`);
      expect(expectOk<PriceQuoteView>(await quote(as, "mnp", 4)).totalMicros).toBe("30000");

      expect(await run("remove", { ...base, "min-volume": "1000" })).toMatchObject({ code: 0 });
      expect(await run("remove", { ...base, "min-volume": "1000" })).toMatchObject({ code: 1 });
      expect(await run("remove", base)).toMatchObject({ code: 0 });
      expect(expectOk<PriceQuoteView>(await quote(as, "mnp", 1)).source).toBe("standard");
    });

    it("explains what is wrong with the flags", async () => {
      const { tenantId } = await org();
      const usage = async (action: string, values: Record<string, string>, message: RegExp) =>
        expect(run(action, values)).rejects.toSatisfy(
          (e) => e instanceof UsageError && message.test(e.message),
        );
      await usage("set", { service: "hlr", price: "1" }, /--scope is required/);
      await usage("set", { scope: "global", service: "hlr", price: "1" }, /--scope must be one of/);
      await usage("set", { scope: "standard", service: "sms", price: "1" }, /--service must be one of/);
      await usage("set", { scope: "standard", service: "hlr", price: "0.0000001" }, /--price must be/);
      await usage("set", { scope: "standard", service: "hlr", price: "-1" }, /--price must be/);
      await usage("set", { scope: "standard", service: "hlr", price: "0" }, /--price must be/);
      await usage(
        "set",
        { scope: "standard", service: "hlr", price: "1", "min-volume": "ten" },
        /--min-volume/,
      );
      await usage(
        "set",
        { scope: "standard", tenant: tenantId, service: "hlr", price: "1" },
        /--tenant only/,
      );
      await usage("set", { scope: "partner", service: "hlr", price: "1" }, /--partner ID is required/);
      await usage(
        "set",
        { scope: "partner", partner: "nope", service: "hlr", price: "1" },
        /not a partner id/,
      );
      await usage("list", { tenant: "0190b7a0-0000-7000-8000-000000000000" }, /no organisation/);
    });
  });
});
