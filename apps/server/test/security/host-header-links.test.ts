import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHost } from "../../src/http/host";
import {
  type Account,
  call,
  expectError,
  expectOk,
  mailsTo,
  registerUser,
  uniqueEmail,
  type Via,
} from "../helpers/accounts";
import { startFakeStripe, stripeEnv } from "../helpers/fake-stripe";
import { inviteLinkFor } from "../helpers/invitations";
import { roleId } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

// Links are built from PUBLIC_URL or a partner's configured domain, never from the Host header
// (docs/security.md, "Hosts, links, headers and cross-site requests").
const PUBLIC_URL = "http://numbers.example:8080";
const PARTNER_DOMAIN = "checks.acme.test";
const ATTACK = `${PARTNER_DOMAIN}:@evil.example`;
const MALFORMED = [
  ATTACK,
  "numbers.example@evil.example",
  "evil.example/path",
  "numbers.example, evil.example",
  "numbers.example evil.example",
  "numbers.example:99999",
  "numbers.example:0",
  "numbers.example:80a",
  "numbers.%65xample",
  "[::1",
  "-bad.example",
];

describe("links never follow the Host header", () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  /** An owner on the default site and one on the partner's site, each with an organisation. */
  let home: { owner: Account; tenantId: string };
  let partner: { owner: Account; tenantId: string };

  async function ownerOn(host: string | undefined) {
    const owner = await registerUser(t, { host });
    const res = await call(t, "POST", "/api/tenant", { name: "Links Org" }, { sid: owner.sid, host });
    return { owner, tenantId: expectOk<{ id: string }>(res).id };
  }

  const as = (
    who: { owner: Account; tenantId: string },
    host: string,
    headers: Record<string, string> = {},
  ) => ({ sid: who.owner.sid, host, headers: { "x-tenant-id": who.tenantId, ...headers } }) satisfies Via;

  async function inviteVia(who: { owner: Account; tenantId: string }, via: Via) {
    const email = uniqueEmail("invitee");
    const res = await call(
      t,
      "POST",
      "/api/tenant/invite",
      { email, roleId: await roleId(t, who.tenantId, "viewer") },
      via,
    );
    return { res, email };
  }

  const recharge = (via: Via) =>
    call(t, "POST", "/api/tenant/recharge", { method: "stripe", amount: "20" }, via);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ PUBLIC_URL, ...stripeEnv(stripe.url) });
    await t.app.services.partners.create({ name: "Acme Checks", domain: PARTNER_DOMAIN });
    home = await ownerOn(undefined);
    partner = await ownerOn(PARTNER_DOMAIN);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it("reads only plain host names and addresses with a valid port", () => {
    for (const host of MALFORMED) expect(parseHost(host), host).toBeNull();
    expect(parseHost("Checks.Acme.Test:8443")).toEqual({ name: "checks.acme.test", port: 8443 });
    expect(parseHost("numbers.example.")).toEqual({ name: "numbers.example", port: null });
    expect(parseHost("[2001:db8::1]:3000")).toEqual({ name: "2001:db8::1", port: 3000 });
    expect(parseHost("10.0.0.5")).toEqual({ name: "10.0.0.5", port: null });
  });

  it("refuses the attack host (and every malformed one) before any invitation is sent", async () => {
    const { res, email } = await inviteVia(partner, as(partner, ATTACK));
    expectError(res, 400, 40321);
    expect(await mailsTo(t, email)).toEqual([]);
    for (const host of MALFORMED) {
      expectError(await call(t, "GET", "/api/tenant/partner/info", undefined, { host }), 400, 40321);
    }
  });

  it("refuses a malformed X-Forwarded-Host from a trusted proxy too", async () => {
    const proxied = await createTestApp({ PUBLIC_URL, TRUST_PROXY: "true" });
    try {
      const res = await call(proxied, "GET", "/api/tenant/partner/info", undefined, {
        headers: { "x-forwarded-host": ATTACK },
      });
      expectError(res, 400, 40321);
    } finally {
      await proxied.close();
    }
  });

  it("sends invitation links to the partner's configured domain on PUBLIC_URL's scheme and port", async () => {
    for (const host of [PARTNER_DOMAIN, `${PARTNER_DOMAIN}:4444`, "CHECKS.ACME.TEST"]) {
      const { res, email } = await inviteVia(partner, as(partner, host));
      expectOk(res);
      const link = await inviteLinkFor(t, email);
      expect(`${link.origin}${link.pathname}`).toBe(`http://${PARTNER_DOMAIN}:8080/accept-invite`);
    }
  });

  it("sends invitation links to PUBLIC_URL from any other host", async () => {
    for (const host of ["evil.example", "evil.example:8080", "127.0.0.1:3000", "[::1]"]) {
      const { res, email } = await inviteVia(home, as(home, host));
      expectOk(res);
      const link = await inviteLinkFor(t, email);
      expect(link.origin).toBe(PUBLIC_URL);
      expect(JSON.stringify(await mailsTo(t, email))).not.toMatch(/evil|127\.0\.0\.1|::1/);
    }
  });

  it("keeps the attacker's host out of password reset mails", async () => {
    const { email } = home.owner;
    expectError(
      await call(t, "POST", "/api/tenant/pub/forget/code", { email }, { host: ATTACK }),
      400,
      40321,
    );
    expectOk(await call(t, "POST", "/api/tenant/pub/forget/code", { email }, { host: "evil.example" }));
    const mails = await mailsTo(t, email);
    expect(mails.at(-1)?.subject).toMatch(/reset/i);
    expect(JSON.stringify(mails)).not.toContain("evil");
  });

  it("gives Stripe return addresses on PUBLIC_URL or the partner's domain only", async () => {
    expectError(await recharge(as(partner, ATTACK)), 400, 40321);
    expect(stripe.sessions).toHaveLength(0);

    expectOk(await recharge(as(home, "evil.example")));
    expectOk(await recharge(as(partner, `${PARTNER_DOMAIN}:4444`)));
    const [onHome, onPartner] = stripe.sessions;
    for (const url of [onHome!.success_url, onHome!.cancel_url]) {
      expect(url.startsWith(`${PUBLIC_URL}/dashboard/account/recharge`), url).toBe(true);
    }
    for (const url of [onPartner!.success_url, onPartner!.cancel_url]) {
      expect(url.startsWith(`http://${PARTNER_DOMAIN}:8080/dashboard/account/recharge`), url).toBe(true);
    }
  });

  it("names the caller's own origin, rebuilt from the parsed host, in the API document", async () => {
    const doc = (host: string) =>
      t.app.inject({ url: "/api/openapi.json", headers: { host } }).then((r) => r.json());
    expect((await doc(`${PARTNER_DOMAIN}:4444`)).servers).toEqual([{ url: `http://${PARTNER_DOMAIN}:4444` }]);
    expect((await doc(ATTACK)).code).toBe(40321);
  });
});
