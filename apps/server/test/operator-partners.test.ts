import type { OperatorPartnerView } from "@nc/contracts/operator";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../src/db/schema/index";
import { call, expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { as, cliGrant, platformOperator, register, type SiteUser } from "./helpers/operators";
import { createTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Partner sites in the operator console: list, create, edit the brand; reach and audit. */
describe("operator console: partners", () => {
  let t: TestApp;
  let platform: SiteUser;
  let acmeStaff: SiteUser;
  let acmeId: string;
  let globexId: string;
  const ACME_HOST = "acme.numcheck.example";

  beforeAll(async () => {
    t = await createTestApp();
    acmeId = (await t.app.services.partners.create({ name: "Acme Checks", subDomain: "acme" })).id;
    globexId = (await t.app.services.partners.create({ name: "Globex", subDomain: "globex" })).id;
    platform = await platformOperator(t);
    acmeStaff = await register(t, ACME_HOST);
    await cliGrant(t, acmeStaff, {
      partner: acmeId,
      permissions: "operator.partner:read,operator.partner:update",
    });
  });
  afterAll(() => t.close());

  it("lists every partner for a platform operator, only its own for a partner operator", async () => {
    const all = expectOk<OperatorPartnerView[]>(await as(t, platform)("GET", "/api/operator/partners"));
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([acmeId, globexId]));
    expect(all[0]!.isDefault).toBe(true);
    const own = expectOk<OperatorPartnerView[]>(await as(t, acmeStaff)("GET", "/api/operator/partners"));
    expect(own.map((p) => p.id)).toEqual([acmeId]);
  });

  it("creates a partner (platform only) whose brand its host then shows, and records it", async () => {
    const made = expectOk<OperatorPartnerView>(
      await as(t, platform)("POST", "/api/operator/partners", {
        name: "Initech",
        domain: "Checks.Initech.TEST",
        primaryColor: "#aa3300",
        currency: "eur",
        email: "help@initech.test",
      }),
    );
    expect(made).toMatchObject({
      name: "Initech",
      domain: "checks.initech.test",
      currency: "EUR",
      customers: 0,
    });
    const info = expectOk<{ name: string; primaryColor: string }>(
      await call(t, "GET", "/api/tenant/partner/info", undefined, { host: "checks.initech.test" }),
    );
    expect(info).toMatchObject({ name: "Initech", primaryColor: "#aa3300" });
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "partner.created"), eq(auditEvents.targetId, made.id)));
    expect(event).toMatchObject({ actorType: "operator", actorLabel: platform.email, actorId: platform.id });
    // A partner operator holds no partner:create (platform-only): refused before anything is made.
    expectError(await as(t, acmeStaff)("POST", "/api/operator/partners", { name: "Mine" }), 403, 40300);
  });

  it("edits a brand with before and after in the audit log; the site shows it at once", async () => {
    const edited = expectOk<OperatorPartnerView>(
      await as(t, acmeStaff)("POST", `/api/operator/partners/${acmeId}`, {
        name: "Acme Numbers",
        primaryColor: "#1677ff",
      }),
    );
    expect(edited).toMatchObject({ name: "Acme Numbers", primaryColor: "#1677ff" });
    const info = expectOk<{ name: string; primaryColor: string }>(
      await call(t, "GET", "/api/tenant/partner/info", undefined, { host: ACME_HOST }),
    );
    expect(info).toMatchObject({ name: "Acme Numbers", primaryColor: "#1677ff" });
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "partner.updated"), eq(auditEvents.targetId, acmeId)));
    expect(event?.details).toMatchObject({
      before: { name: "Acme Checks", primaryColor: "" },
      after: { name: "Acme Numbers", primaryColor: "#1677ff" },
    });
    expect(event?.ip).toBeTruthy();
  });

  it("answers another partner's site as not found to a partner operator", async () => {
    expectError(
      await as(t, acmeStaff)("POST", `/api/operator/partners/${globexId}`, { name: "Taken over" }),
      404,
      40400,
    );
    const globex = (await t.app.services.partners.list()).find((p) => p.id === globexId);
    expect(globex?.name).toBe("Globex");
  });

  it("names the field of a bad brand value", async () => {
    const url = `/api/operator/partners/${acmeId}`;
    const save = (body: object) => as(t, acmeStaff)("POST", url, body);
    expectFieldError(await save({ primaryColor: "blue" }), "primaryColor", "invalid_color");
    expectFieldError(await save({ domain: "not a host" }), "domain", "invalid_host");
    expectFieldError(await save({ logo: "javascript:alert(1)" }), "logo", "invalid_url");
    expectFieldError(await save({ currency: "dollars" }), "currency", "invalid_currency");
    expectFieldError(await save({ subDomain: "globex" }), "subDomain", "host_taken");
  });

  it("takes as staff organisation only one of the partner's own customers", async () => {
    const customer = await register(t, ACME_HOST);
    const acmeOrg = await createTenant(t, customer, "Acme Staff", ACME_HOST);
    const stranger = await register(t, undefined);
    const otherOrg = await createTenant(t, stranger, "Elsewhere");
    const url = `/api/operator/partners/${acmeId}`;
    expectFieldError(
      await as(t, platform)("POST", url, { staffTenantId: otherOrg }),
      "staffTenantId",
      "not_partner_customer",
    );
    expect(
      expectOk<OperatorPartnerView>(await as(t, platform)("POST", url, { staffTenantId: acmeOrg }))
        .staffTenantId,
    ).toBe(acmeOrg);
  });

  it("refuses users who are not operators", async () => {
    const customer = await register(t, undefined);
    expectError(await as(t, customer)("GET", "/api/operator/partners"), 403, 40300);
    expectError(await call(t, "GET", "/api/operator/partners"), 401, 40099);
  });
});
