import type { OperatorPartnerView } from "@nc/contracts/operator";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../src/db/schema/index";
import { operatorService } from "../src/features/operator/index";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  registerUser,
} from "./helpers/accounts";
import { createTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Partner sites in the operator console: list, create, edit the brand; reach and audit. */
describe("operator console: partners", () => {
  let t: TestApp;
  let platform: Account;
  let acmeStaff: Account;
  let acmeId: string;
  let globexId: string;
  const ACME_HOST = "acme.numcheck.example";

  const as = (who: Account, host?: string) => ({
    get: (url: string) => call(t, "GET", url, undefined, { sid: who.sid, host }),
    post: (url: string, payload: object) => call(t, "POST", url, payload, { sid: who.sid, host }),
  });
  const grant = (email: string, partnerId: string, scope: "platform" | "partner") =>
    operatorService(t.database.db).grant(
      { kind: "cli", name: "test" },
      {
        email,
        partnerId,
        scope,
        permissions: [
          "operator.partner:read",
          "operator.partner:update",
          ...(scope === "platform" ? (["operator.partner:create"] as const) : []),
        ],
      },
    );

  beforeAll(async () => {
    t = await createTestApp();
    const main = await t.app.services.partners.ensureDefault();
    acmeId = (await t.app.services.partners.create({ name: "Acme Checks", subDomain: "acme" })).id;
    globexId = (await t.app.services.partners.create({ name: "Globex", subDomain: "globex" })).id;
    platform = await registerUser(t);
    await grant(platform.email, main.id, "platform");
    acmeStaff = await registerUser(t, { host: ACME_HOST });
    await grant(acmeStaff.email, acmeId, "partner");
  });
  afterAll(() => t.close());

  it("lists every partner for a platform operator, only its own for a partner operator", async () => {
    const all = expectOk<OperatorPartnerView[]>(await as(platform).get("/api/operator/partners"));
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([acmeId, globexId]));
    expect(all[0]!.isDefault).toBe(true);
    const own = expectOk<OperatorPartnerView[]>(await as(acmeStaff, ACME_HOST).get("/api/operator/partners"));
    expect(own.map((p) => p.id)).toEqual([acmeId]);
  });

  it("creates a partner (platform only) whose brand its host then shows, and records it", async () => {
    const made = expectOk<OperatorPartnerView>(
      await as(platform).post("/api/operator/partners", {
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
    expectError(await as(acmeStaff, ACME_HOST).post("/api/operator/partners", { name: "Mine" }), 403, 40300);
  });

  it("edits a brand with before and after in the audit log; the site shows it at once", async () => {
    const edited = expectOk<OperatorPartnerView>(
      await as(acmeStaff, ACME_HOST).post(`/api/operator/partners/${acmeId}`, {
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
      await as(acmeStaff, ACME_HOST).post(`/api/operator/partners/${globexId}`, { name: "Taken over" }),
      404,
      40400,
    );
    const globex = (await t.app.services.partners.list()).find((p) => p.id === globexId);
    expect(globex?.name).toBe("Globex");
  });

  it("names the field of a bad brand value", async () => {
    const acme = as(acmeStaff, ACME_HOST);
    const url = `/api/operator/partners/${acmeId}`;
    expectFieldError(await acme.post(url, { primaryColor: "blue" }), "primaryColor", "invalid_color");
    expectFieldError(await acme.post(url, { domain: "not a host" }), "domain", "invalid_host");
    expectFieldError(await acme.post(url, { logo: "javascript:alert(1)" }), "logo", "invalid_url");
    expectFieldError(await acme.post(url, { currency: "dollars" }), "currency", "invalid_currency");
    expectFieldError(await acme.post(url, { subDomain: "globex" }), "subDomain", "host_taken");
  });

  it("takes as staff organisation only one of the partner's own customers", async () => {
    const customer = await registerUser(t, { host: ACME_HOST });
    const acmeOrg = await createTenant(t, customer, "Acme Staff", ACME_HOST);
    const stranger = await registerUser(t);
    const otherOrg = await createTenant(t, stranger, "Elsewhere");
    const url = `/api/operator/partners/${acmeId}`;
    expectFieldError(
      await as(platform).post(url, { staffTenantId: otherOrg }),
      "staffTenantId",
      "not_partner_customer",
    );
    expect(
      expectOk<OperatorPartnerView>(await as(platform).post(url, { staffTenantId: acmeOrg })).staffTenantId,
    ).toBe(acmeOrg);
  });

  it("refuses users who are not operators", async () => {
    const customer = await registerUser(t);
    expectError(await as(customer).get("/api/operator/partners"), 403, 40300);
    expectError(await call(t, "GET", "/api/operator/partners"), 401, 40099);
  });
});
