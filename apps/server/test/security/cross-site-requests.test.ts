import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantMembers } from "../../src/db/schema/index";
import { type Account, call, expectError, expectOk, registerUser } from "../helpers/accounts";
import { createTenant, memberWithRole } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

// State-changing dashboard calls that a browser says came from another site are refused
// (docs/security.md, "Hosts, links, headers and cross-site requests").
const PUBLIC_URL = "http://numbers.example:8080";
const HOST = "numbers.example:8080";

describe("cross-site requests to the dashboard API", () => {
  let t: TestApp;
  let owner: Account;
  let tenantId: string;

  beforeAll(async () => {
    // A trusted proxy, so X-Forwarded-Proto can say the browser is on https.
    t = await createTestApp({ PUBLIC_URL, TRUST_PROXY: "true" });
    owner = await registerUser(t);
    tenantId = await createTenant(t, owner);
    await t.app.services.partners.create({
      name: "Acme Checks",
      domain: "checks.acme.test",
      subDomain: "acme",
    });
  });
  afterAll(() => t?.close());

  const isMember = async (userId: string) =>
    (await t.database.db.select().from(tenantMembers).where(eq(tenantMembers.userId, userId))).length > 0;

  /** The attack: a body-less POST that makes a member leave the organisation. */
  async function leave(headers: Record<string, string>, host = HOST) {
    const member = await memberWithRole(t, tenantId, "viewer");
    const res = await call(t, "POST", `/api/tenant/s/${tenantId}/leave`, undefined, {
      sid: member.sid,
      host,
      headers,
    });
    return { res, stillMember: await isMember(member.id) };
  }

  it("refuses the body-less cross-site leave, by Fetch Metadata or by Origin, and the member stays", async () => {
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
      // A sibling subdomain of the same site is another partner's, not this one.
      { "sec-fetch-site": "same-site", origin: "http://other.numbers.example:8080" },
      { "sec-fetch-site": "same-site" },
      // Same host, another port: another origin.
      { origin: "http://numbers.example:9090" },
      // Same host and port, another scheme: a page on https is another origin to this http site.
      { origin: "https://numbers.example:8080" },
      { origin: "not a url" },
    ]) {
      const { res, stillMember } = await leave(headers);
      expectError(res, 403, 40320);
      expect(stillMember, JSON.stringify(headers)).toBe(true);
    }
  });

  it("allows the site's own pages, a request the user made directly, and clients that send neither header", async () => {
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "same-origin", origin: PUBLIC_URL },
      { origin: PUBLIC_URL },
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      {},
    ]) {
      const { res, stillMember } = await leave(headers);
      expectOk(res);
      expect(stillMember, JSON.stringify(headers)).toBe(false);
    }
  });

  it("takes the host the request was sent to as its own origin: a partner's domain or subdomain", async () => {
    for (const host of ["checks.acme.test", "acme.numbers.example:8080"]) {
      const user = await registerUser(t, { host });
      const own = `http://${host}`;
      const create = (origin: string) =>
        call(t, "POST", "/api/tenant", { name: "Partner Org" }, { sid: user.sid, host, headers: { origin } });
      expectOk(await create(own));
      expectError(await create(PUBLIC_URL.replace("numbers", "evil")), 403, 40320);
      // A page of the same host on https is another origin to this http site.
      expectError(await create(`https://${host}`), 403, 40320);
      // Over a trusted proxy's https, an http page of the same host is another origin.
      const tls = await call(
        t,
        "POST",
        "/api/tenant",
        { name: "Tls Org" },
        {
          sid: user.sid,
          host,
          headers: { origin: own, "x-forwarded-proto": "https" },
        },
      );
      expect(tls.statusCode).toBe(403);
    }
  });

  it("guards every state-changing method, the sign-in and sign-up calls too, but not reads", async () => {
    const evil = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const via = { sid: owner.sid, host: HOST, headers: { ...evil, "x-tenant-id": tenantId } };
    expectError(await call(t, "DELETE", "/api/_auth/session", undefined, via), 403, 40320);
    expectError(
      await call(t, "POST", "/api/tenant/pub/login", { email: owner.email, password: owner.password }, via),
      403,
      40320,
    );
    for (const method of ["PUT", "PATCH"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/tenant/uc/profile",
        headers: { host: HOST, ...evil },
      });
      expectError(res, 403, 40320);
    }
    // Reads change nothing: a cross-site GET gets its normal answer.
    expectOk(await call(t, "GET", "/api/tenant/uc/profile", undefined, via));
    // The session survived all of it.
    expectOk(await call(t, "GET", "/api/_auth/session", undefined, { sid: owner.sid }));
  });

  it("leaves the public API (Bearer keys) and Stripe's signed webhook to their own checks", async () => {
    const evil = { host: HOST, origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const api = await t.app.inject({ method: "POST", url: "/api/v1/check", headers: evil, payload: {} });
    expect(api.json().code).toBe(40100);
    const stripe = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: evil,
      payload: {},
    });
    expect(stripe.json().code).not.toBe(40320);
  });

  it("answers in the caller's language", async () => {
    const res = await call(t, "POST", "/api/tenant/pub/logout", undefined, {
      host: HOST,
      headers: { origin: "https://evil.example", "accept-language": "es" },
    });
    expect(expectError(res, 403, 40320).msg).toMatch(/otro sitio/);
  });
});
