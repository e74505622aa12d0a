import type { OperatorProvidersView } from "@nc/contracts/operator";
import { TYNTEC_TEST_KEY, tyntecFake } from "@nc/numcheck/providers/testing/tyntec-fake";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorService } from "../src/features/operator/index";
import { priceService } from "../src/features/price/index";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { as, cliGrant, register, type SiteUser } from "./helpers/operators";
import { inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The providers page: health, routing settings that are not secrets, and margins per list. */
describe("operator console: providers", () => {
  const tyntec = tyntecFake();
  let t: TestApp;
  let platform: SiteUser;
  let partnerId: string;

  beforeAll(async () => {
    t = await createTestApp({
      LOOKUP_TYNTEC_API_KEY: TYNTEC_TEST_KEY,
      LOOKUP_TYNTEC_BASE_URL: await tyntec.start(),
      LOOKUP_ROUTES: "hlr=tyntec; mnp=tyntec",
    });
    partnerId = (
      await t.app.services.partners.create({ name: "Euro Checks", subDomain: "euro", currency: "EUR" })
    ).id;
    platform = await register(t, undefined);
    await cliGrant(t, platform, { platform: true, permissions: "operator.provider:read" });
  });
  afterAll(async () => {
    await t.close();
    await tyntec.stop();
  });

  it("shows each provider's last hour with the cost it reported, and the margin of a list in that currency", async () => {
    // The partner's list prices HLR in euros, the currency tyntec reports its price in (0.0045 EUR).
    await priceService(t.database.db).set({
      scope: "partner",
      partnerId,
      service: "hlr",
      priceMicros: 8_000n,
    });
    const funded = await fundedTenant(t, 1_000_000_000n);
    expectOk(
      await inTenant(t, funded.owner, funded.tenantId)("POST", "/api/tenant/detection/check", {
        service: "hlr",
        number: "+4915112345678",
      }),
    );

    const view = expectOk<OperatorProvidersView>(await as(t, platform)("GET", "/api/operator/providers"));
    expect(view.providers.map((p) => p.name)).toEqual(["tyntec"]);
    expect(view.providers[0]!.lastHour).toMatchObject({
      calls: 1,
      errors: 0,
      costs: [{ currency: "EUR", calls: 1, averageMicros: 4500 }],
    });
    expect(view.settings).toMatchObject({
      sandbox: false,
      routes: "hlr=tyntec; mnp=tyntec",
      chains: { hlr: ["tyntec"], mnp: ["tyntec"] },
      timeoutMs: expect.any(Number),
      // The defaults: one look-up's deadline, and when a slow call frees its slot.
      deadlineMs: 8_000,
      stragglerMs: 1_000,
    });
    expect(view.providers[0]!.concurrency).toMatchObject({ stragglers: 0 });
    // No secret leaves the server: neither the key nor any field that could hold one.
    expect(JSON.stringify(view)).not.toContain(TYNTEC_TEST_KEY);

    const euro = view.margins.find((m) => m.partnerId === partnerId && m.service === "hlr");
    expect(euro).toEqual({
      service: "hlr",
      list: "partner",
      partnerId,
      partnerName: "Euro Checks",
      currency: "EUR",
      priceMicros: "8000",
      costMicros: "4500",
      marginMicros: "3500",
    });
    // The standard list is in dollars: no reported cost to set against it, so no margin is made up.
    const standard = view.margins.find((m) => m.list === "standard" && m.service === "hlr");
    expect(standard).toMatchObject({ currency: "USD", costMicros: null, marginMicros: null });
  });

  it("is for platform operators: partner operators cannot hold the right, others are refused", async () => {
    const staff = await register(t, "euro.numcheck.example");
    await expect(
      operatorService(t.database.db).grant(
        { kind: "cli", name: "test" },
        { email: staff.email, partnerId, scope: "partner", permissions: ["operator.provider:read"] },
      ),
    ).rejects.toMatchObject({ key: "validation" });
    const customer = await register(t, undefined);
    expectError(await as(t, customer)("GET", "/api/operator/providers"), 403, 40300);
    // And the console's grant refuses it on the permissions field.
    const grantor = await register(t, undefined);
    await cliGrant(t, grantor, {
      platform: true,
      permissions: "operator.provider:read,operator.operator:grant",
    });
    expectFieldError(
      await as(t, grantor)("POST", "/api/operator/operators", {
        email: staff.email,
        partnerId,
        scope: "partner",
        permissions: ["operator.provider:read"],
      }),
      "permissions",
      "platform_only",
    );
  });
});
