import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PartnerRow } from "../src/core/request-context";
import { users } from "../src/db/schema/index";
import {
  call,
  codeFor,
  expectError,
  expectOk,
  login,
  mailsTo,
  registerUser,
  sessionUser,
  uniqueEmail,
} from "./helpers/accounts";
import { cookieFrom, createTestApp, type TestApp } from "./helpers/test-app";

const DEFAULT_INFO = {
  name: "NumberCheck",
  logo: "",
  darkLogo: "",
  email: "support@example.com",
  domain: "",
  subDomain: "",
  primaryColor: "",
};

describe("white label: GET /api/tenant/partner/info and accounts per partner", () => {
  let t: TestApp;
  let acme: PartnerRow;
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.app.services.partners.create({
      name: "Acme Numbers",
      logo: "https://cdn.acme.test/logo.svg",
      darkLogo: "https://cdn.acme.test/logo-dark.svg",
      email: "help@acme.test",
      domain: "numbers.acme.test",
      subDomain: "acme",
      primaryColor: "#1677ff",
    });
    await t.app.services.partners.create({ name: "Bare Brand", subDomain: "bare" });
  });
  afterAll(() => t.close());

  const info = (host: string) => call(t, "GET", "/api/tenant/partner/info", undefined, { host });
  const acmeInfo = {
    name: "Acme Numbers",
    logo: "https://cdn.acme.test/logo.svg",
    darkLogo: "https://cdn.acme.test/logo-dark.svg",
    email: "help@acme.test",
    domain: "numbers.acme.test",
    subDomain: "acme",
    primaryColor: "#1677ff",
  };

  it("answers the default partner, created at first start, on an unknown host", async () => {
    expect(expectOk(await info("localhost:3000"))).toEqual(DEFAULT_INFO);
    expect(expectOk(await info("www.unknown.test"))).toEqual(DEFAULT_INFO);
  });

  it("picks a partner by its exact domain, whatever the case and port", async () => {
    expect(expectOk(await info("numbers.acme.test"))).toEqual(acmeInfo);
    expect(expectOk(await info("Numbers.ACME.test:8443"))).toEqual(acmeInfo);
  });

  it("picks a partner by its subdomain label", async () => {
    expect(expectOk(await info("acme.numcheck.example"))).toEqual(acmeInfo);
    expect(expectOk(await info("acme.localhost:3000"))).toEqual(acmeInfo);
  });

  it("does not match a label that only contains the subdomain, or a bare word", async () => {
    expect(expectOk(await info("notacme.numcheck.example"))).toEqual(DEFAULT_INFO);
    expect(expectOk(await info("acme"))).toEqual(DEFAULT_INFO);
    expect(expectOk(await info("evil.numbers.acme.test"))).toEqual(DEFAULT_INFO);
  });

  it("fills the fields a partner left empty from the defaults", async () => {
    expect(expectOk(await info("bare.numcheck.example"))).toEqual({
      ...DEFAULT_INFO,
      name: "Bare Brand",
      subDomain: "bare",
    });
  });

  it("lets one e-mail hold separate accounts on two partners' sites", async () => {
    const email = uniqueEmail("twice");
    const home = await registerUser(t, { email, password: "Home-site-pass-1" });
    const other = await registerUser(t, { email, password: "Acme-site-pass-2", host: "numbers.acme.test" });
    expect(other.id).not.toBe(home.id);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows.find((r) => r.id === other.id)?.partnerId).toBe(acme.id);
    expect(rows.find((r) => r.id === home.id)?.partnerId).not.toBe(acme.id);

    expectOk(await login(t, email, "Home-site-pass-1"));
    expectError(await login(t, email, "Acme-site-pass-2"), 400, 40010);
    expectOk(await login(t, email, "Acme-site-pass-2", { host: "acme.numcheck.example" }));
    expectError(await login(t, email, "Home-site-pass-1", { host: "numbers.acme.test" }), 400, 40010);
  });

  it("brands the e-mails with the partner of the site", async () => {
    const email = uniqueEmail("branded");
    expectOk(
      await call(t, "POST", "/api/tenant/pub/register/code", { email }, { host: "numbers.acme.test" }),
    );
    const mail = (await mailsTo(t, email)).at(-1)!;
    expect(mail.subject).toContain("Acme Numbers");
    expect(mail.text).toContain("help@acme.test");
    expect(mail.text).not.toContain("NumberCheck");
  });

  it("keeps a session to the site it was made on", async () => {
    const user = await registerUser(t, { host: "numbers.acme.test" });
    expect((await sessionUser(t, user.sid, { host: "numbers.acme.test" }))?.id).toBe(user.id);
    expect(await sessionUser(t, user.sid, { host: "localhost" })).toBeNull();
    expectError(
      await call(t, "GET", "/api/tenant/uc/profile", undefined, { sid: user.sid, host: "localhost" }),
      401,
      40099,
    );
  });

  it("does not let a code from one site register on another", async () => {
    const email = uniqueEmail("crosssite");
    expectOk(
      await call(t, "POST", "/api/tenant/pub/register/code", { email }, { host: "numbers.acme.test" }),
    );
    const code = await codeFor(t, email);
    const res = await call(t, "POST", "/api/tenant/pub/register", {
      name: "Cross",
      email,
      password: "Cross-site-pass-3",
      code,
    });
    expectError(res, 400, 40004);
    expect(cookieFrom(res)).toBeUndefined();
  });
});
