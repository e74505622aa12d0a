import type { OperatorPriceList, OperatorPricePreview } from "@nc/contracts/operator";
import type { PriceOverview } from "@nc/contracts/prices";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../src/db/schema/index";
import { describeAuditEvent } from "../src/features/audit/index";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { as, cliGrant, register, type SiteUser } from "./helpers/operators";
import { createTenant, inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const PRICE_RIGHTS = "operator.price:read,operator.price:update";

/** Price lists in the operator console: standard, partner and special; reach; preview; audit. */
describe("operator console: prices", () => {
  let t: TestApp;
  let platform: SiteUser;
  let acmeStaff: SiteUser;
  let customer: SiteUser;
  let tenantId: string;
  let acmeId: string;
  let globexId: string;
  const ACME_HOST = "acme.numcheck.example";

  beforeAll(async () => {
    t = await createTestApp();
    acmeId = (await t.app.services.partners.create({ name: "Acme Checks", subDomain: "acme" })).id;
    globexId = (await t.app.services.partners.create({ name: "Globex", subDomain: "globex" })).id;
    platform = await register(t, undefined);
    await cliGrant(t, platform, { platform: true, permissions: PRICE_RIGHTS });
    acmeStaff = await register(t, ACME_HOST);
    await cliGrant(t, acmeStaff, { partner: acmeId, permissions: PRICE_RIGHTS });
    customer = await register(t, undefined);
    tenantId = await createTenant(t, customer, "Price Customer");
  });
  afterAll(() => t.close());

  it("sets a special price that the customer's price page then shows, with its preview and audit", async () => {
    const list = expectOk<OperatorPriceList>(
      await as(t, platform)("POST", "/api/operator/prices", {
        scope: "special",
        tenantId,
        service: "hlr",
        price: "0.0042",
        minMonthlyVolume: 0,
      }),
    );
    expect(list).toMatchObject({ scope: "special", tenantId, defaultCurrency: "USD" });
    expect(list.services).toEqual([
      { service: "hlr", currency: "USD", bands: [{ minMonthlyVolume: 0, priceMicros: "4200" }] },
    ]);

    const page = expectOk<PriceOverview>(await inTenant(t, customer, tenantId)("GET", "/api/tenant/price"));
    const hlr = page.effective?.services.find((s) => s.service === "hlr");
    expect(hlr).toMatchObject({ source: "special", bands: [{ minMonthlyVolume: 0, priceMicros: "4200" }] });

    const preview = expectOk<OperatorPricePreview>(
      await as(t, platform)("GET", `/api/operator/prices/preview?tenantId=${tenantId}`),
    );
    const hlrRow = preview.rows.find((r) => r.service === "hlr");
    expect(hlrRow?.quotes?.map((q) => [q.quantity, q.totalMicros, q.source])).toEqual([
      [1, "4200", "special"],
      [10_000, "42000000", "special"],
      [1_000_000, "4200000000", "special"],
    ]);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "price.set"), eq(auditEvents.tenantId, tenantId)));
    expect(event).toMatchObject({ actorType: "operator", actorLabel: platform.email });
    expect(describeAuditEvent({ action: event!.action, details: event!.details }, "en")).toBe(
      "Set the special price of HLR lookup from 0 numbers a month to 0.0042 USD",
    );
  });

  it("removes a special band, so the customer pays the standard price again", async () => {
    expectOk(
      await as(t, platform)("POST", "/api/operator/prices/remove", {
        scope: "special",
        tenantId,
        service: "hlr",
      }),
    );
    const page = expectOk<PriceOverview>(await inTenant(t, customer, tenantId)("GET", "/api/tenant/price"));
    expect(page.effective?.services.find((s) => s.service === "hlr")?.source).toBe("standard");
    expectError(
      await as(t, platform)("POST", "/api/operator/prices/remove", {
        scope: "special",
        tenantId,
        service: "hlr",
      }),
      404,
      40400,
    );
  });

  it("lets a partner operator price their own partner's list, not the standard one or another partner's", async () => {
    const acme = as(t, acmeStaff);
    const band = { service: "mnp", price: "0.005", minMonthlyVolume: 100_000 };
    const own = expectOk<OperatorPriceList>(
      await acme("POST", "/api/operator/prices", { scope: "partner", partnerId: acmeId, ...band }),
    );
    expect(own.services[0]).toMatchObject({
      service: "mnp",
      bands: [{ minMonthlyVolume: 100_000, priceMicros: "5000" }],
    });
    expectError(await acme("POST", "/api/operator/prices", { scope: "standard", ...band }), 403, 40300);
    expectError(
      await acme("POST", "/api/operator/prices", { scope: "partner", partnerId: globexId, ...band }),
      404,
      40400,
    );
    expectError(await acme("GET", `/api/operator/prices?scope=partner&partnerId=${globexId}`), 404, 40400);
    // A customer of the platform's own site is out of a partner operator's reach.
    expectError(await acme("GET", `/api/operator/prices?scope=special&tenantId=${tenantId}`), 404, 40400);
    expectError(await acme("GET", `/api/operator/prices/preview?tenantId=${tenantId}`), 404, 40400);
    // The standard list is the platform's: every price reader may read it.
    const standard = expectOk<OperatorPriceList>(await acme("GET", "/api/operator/prices?scope=standard"));
    expect(standard.services.map((s) => s.service)).toContain("hlr");
  });

  it("names the field of a bad price", async () => {
    const post = (body: object) => as(t, platform)("POST", "/api/operator/prices", body);
    const base = { scope: "special", tenantId, service: "basic", minMonthlyVolume: 0 };
    expectFieldError(await post({ ...base, price: "0" }), "price", "operator_amount_invalid");
    expectFieldError(await post({ ...base, price: "1.1234567" }), "price", "operator_amount_invalid");
    expectFieldError(await post({ ...base, service: "sms", price: "0.01" }), "service", "invalid_value");
    expectFieldError(
      await post({ ...base, minMonthlyVolume: -1, price: "0.01" }),
      "minMonthlyVolume",
      "out_of_range",
    );
    expectFieldError(
      await post({ scope: "special", service: "basic", price: "0.01", minMonthlyVolume: 0 }),
      "tenantId",
      "required",
    );
    expectOk(await post({ ...base, price: "0.01", currency: "EUR" }));
    expectFieldError(
      await post({ ...base, minMonthlyVolume: 1000, price: "0.009", currency: "USD" }),
      "currency",
      "currency_mismatch",
    );
  });

  it("refuses a non-operator and an operator without the price rights", async () => {
    expectError(await as(t, customer)("GET", "/api/operator/prices?scope=standard"), 403, 40300);
    const reader = await register(t, undefined);
    await cliGrant(t, reader, { platform: true, permissions: "operator.price:read" });
    expectOk(await as(t, reader)("GET", "/api/operator/prices?scope=standard"));
    expectError(
      await as(t, reader)("POST", "/api/operator/prices", {
        scope: "standard",
        service: "basic",
        price: "1",
        minMonthlyVolume: 0,
      }),
      403,
      40300,
    );
  });
});
