import type { SsoDomainView, SsoSettingsView } from "@nc/contracts/sso";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../src/db/query";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  login,
  mailsTo,
  PASSWORD,
  registerUser,
  turnOnTwoFactor,
} from "../helpers/accounts";
import { startTestIdp, type TestIdp } from "../helpers/oidc-idp";
import {
  answerCallback,
  browseToCallback,
  popupMessage,
  signInWithSso,
  startSso,
  TEST_REDIRECT_URI,
} from "../helpers/sso";
import { createTenant, inTenant, memberWithRole, roleId } from "../helpers/tenancy";
import { cookieFrom, createTestApp, type TestApp } from "../helpers/test-app";

const CLIENT = { clientId: "numbercheck-test", clientSecret: "a-long-client-secret-for-tests" };

/**
 * Single sign-on per organisation (docs/security.md, "Single sign-on"), against a real OpenID
 * Connect provider on 127.0.0.1 (helpers/oidc-idp.ts) and a fake DNS resolver (no outside DNS).
 */
describe("security: single sign-on", { timeout: 120_000 }, () => {
  let t: TestApp;
  let idp: TestIdp;
  const txt = new Map<string, string[][]>();
  let run = 0;
  /** A fresh domain per organisation, so tests sharing the app never meet. */
  const freshDomain = (tag: string) => `${tag}-${Date.now().toString(36)}-${++run}.example`;

  beforeAll(async () => {
    t = await createTestApp();
    idp = await startTestIdp([
      { ...CLIENT, redirectUri: TEST_REDIRECT_URI },
      { clientId: "another-app", clientSecret: "another-long-secret-value", redirectUri: TEST_REDIRECT_URI },
    ]);
    t.app.services.sso.allowHttpIssuer = true;
    t.app.services.sso.resolveTxt = async (domain) => {
      const found = txt.get(domain);
      if (!found) throw Object.assign(new Error(`queryTxt ENODATA ${domain}`), { code: "ENODATA" });
      return found;
    };
  });
  afterAll(async () => {
    await idp.close();
    await t.close();
  });

  const settings = (owner: Account, tenantId: string) => inTenant(t, owner, tenantId);

  async function configure(owner: Account, tenantId: string, body: object = {}) {
    return settings(owner, tenantId)("POST", `/api/tenant/s/${tenantId}/sso`, {
      issuer: idp.issuer,
      ...CLIENT,
      roleId: await roleId(t, tenantId, "developer"),
      required: false,
      ...body,
    });
  }

  async function addDomain(owner: Account, tenantId: string, domain: string) {
    return expectOk<SsoDomainView>(
      await settings(owner, tenantId)("POST", `/api/tenant/s/${tenantId}/sso/domains`, { domain }),
    );
  }

  /** An organisation with single sign-on set up and its domain proven by DNS. */
  async function organisation(tag: string) {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, `${tag} Org`);
    const domain = freshDomain(tag);
    expectOk(await configure(owner, tenantId));
    const added = await addDomain(owner, tenantId, domain);
    txt.set(domain, [["v=spf1 -all"], [added.txtRecord]]);
    expectOk(
      await settings(owner, tenantId)("POST", `/api/tenant/s/${tenantId}/sso/domains/${added.id}/dns`),
    );
    return { owner, tenantId, domain, domainId: added.id };
  }

  let people = 0;
  function person(domain: string, verified = true) {
    const sub = `person-${++people}`;
    const email = `${sub}@${domain}`;
    idp.people.set(sub, { sub, email, emailVerified: verified, name: `Person ${people}` });
    return { sub, email };
  }

  const audit = (tenantId: string, action: string) =>
    queryRows<{ details: Record<string, unknown>; actor_id: string | null }>(
      t.database.db,
      sql`select details, actor_id from audit_events where tenant_id = ${tenantId} and action = ${action}`,
    );

  it("an Owner sets it up: the secret sealed, the redirect URI shown, the domain proven by DNS, audited", async () => {
    const { owner, tenantId, domain } = await organisation("setup");
    const view = expectOk<SsoSettingsView>(
      await settings(owner, tenantId)("GET", `/api/tenant/s/${tenantId}/sso`),
    );
    expect(view).toMatchObject({
      configured: true,
      issuer: idp.issuer,
      clientId: CLIENT.clientId,
      hasClientSecret: true,
      required: false,
      redirectUri: TEST_REDIRECT_URI,
    });
    expect(view.domains).toEqual([
      expect.objectContaining({ domain, method: "dns", provenAt: expect.any(String) }),
    ]);
    expect(view.domains[0]!.txtRecord).toMatch(/^numbercheck-verification=[\w-]{43}$/);
    expect(JSON.stringify(view)).not.toContain(CLIENT.clientSecret);

    const [stored] = await queryRows<{ client_secret_sealed: string }>(
      t.database.db,
      sql`select client_secret_sealed from sso_configs where tenant_id = ${tenantId}`,
    );
    expect(stored!.client_secret_sealed).toMatch(/^v1\./);
    expect(stored!.client_secret_sealed).not.toContain(CLIENT.clientSecret);
    // Bound to the organisation: copied to another organisation's row it does not open.
    const other = await organisation("copy");
    await t.database.db.execute(
      sql`update sso_configs set client_secret_sealed = ${stored!.client_secret_sealed} where tenant_id = ${other.tenantId}`,
    );
    const { email: stranger } = person(other.domain);
    await expect(startSso(t, stranger)).rejects.toThrow();

    const [configured] = await audit(tenantId, "sso.configured");
    expect(configured?.details).toMatchObject({ after: { issuer: idp.issuer, required: false } });
    expect(JSON.stringify(configured?.details)).not.toContain(CLIENT.clientSecret);
    expect(await audit(tenantId, "sso.domain_proven")).toEqual([
      expect.objectContaining({ details: { domain, method: "dns" } }),
    ]);
  });

  it("refuses what an Owner may not set: an http issuer, a super role, no secret, an unreachable issuer", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Careful Org");
    expectFieldError(
      await configure(owner, tenantId, { clientSecret: undefined }),
      "clientSecret",
      "required",
    );
    expectFieldError(
      await configure(owner, tenantId, { roleId: await roleId(t, tenantId, "owner") }),
      "roleId",
      "invalid_value",
    );
    expectFieldError(
      await configure(owner, tenantId, { roleId: "00000000-0000-4000-8000-000000000000" }),
      "roleId",
      "unknown_role",
    );
    expectError(await configure(owner, tenantId, { issuer: "https://127.0.0.1:9" }), 400, 40096);
    t.app.services.sso.allowHttpIssuer = false;
    try {
      expectFieldError(await configure(owner, tenantId), "issuer", "invalid_url");
      // Not an address of the server's own network: the server itself fetches the issuer.
      expectFieldError(
        await configure(owner, tenantId, { issuer: "https://10.1.2.3" }),
        "issuer",
        "private_address",
      );
    } finally {
      t.app.services.sso.allowHttpIssuer = true;
    }
    expectError(
      await settings(owner, tenantId)("POST", `/api/tenant/s/${tenantId}/sso/domains`, {
        domain: "not a domain",
      }),
      400,
      40001,
    );
  });

  it("only an Owner configures it: an Admin is refused, another organisation's Owner is not a member", async () => {
    const { owner, tenantId } = await organisation("rights");
    const admin = await memberWithRole(t, tenantId, "admin");
    expectError(await configure(admin, tenantId), 403, 40300);
    expectError(await settings(admin, tenantId)("GET", `/api/tenant/s/${tenantId}/sso`), 403, 40300);
    expectError(
      await settings(admin, tenantId)("POST", `/api/tenant/s/${tenantId}/sso/domains`, {
        domain: freshDomain("admin"),
      }),
      403,
      40300,
    );
    const outsider = await registerUser(t);
    await createTenant(t, outsider, "Outsider Org");
    expectError(await configure(outsider, tenantId), 200, 40036);
    const [row] = await queryRows<{ client_id: string }>(
      t.database.db,
      sql`select client_id from sso_configs where tenant_id = ${tenantId}`,
    );
    expect(row?.client_id).toBe(CLIENT.clientId);
    expect(owner.id).toBeTruthy();
  });

  it("a domain proven by one organisation cannot be claimed by another while it stays proven", async () => {
    const first = await organisation("claimed");
    const rival = await registerUser(t);
    const rivalTenant = await createTenant(t, rival, "Rival Org");
    expectError(
      await settings(rival, rivalTenant)("POST", `/api/tenant/s/${rivalTenant}/sso/domains`, {
        domain: first.domain,
      }),
      409,
      40094,
    );
    // Listed before the first proved it: the proof is refused, even with the right record.
    const second = await organisation("race");
    const queued = await addDomain(rival, rivalTenant, freshDomain("later"));
    expect(queued.provenAt).toBeNull();
    const early = await addDomain(second.owner, second.tenantId, freshDomain("early"));
    const rivalCopy = await addDomain(rival, rivalTenant, early.domain);
    txt.set(early.domain, [[early.txtRecord], [rivalCopy.txtRecord]]);
    expectOk(
      await settings(second.owner, second.tenantId)(
        "POST",
        `/api/tenant/s/${second.tenantId}/sso/domains/${early.id}/dns`,
      ),
    );
    expectError(
      await settings(rival, rivalTenant)(
        "POST",
        `/api/tenant/s/${rivalTenant}/sso/domains/${rivalCopy.id}/dns`,
      ),
      409,
      40094,
    );
    // Once the first organisation removes it, the other may prove it.
    expectOk(
      await settings(second.owner, second.tenantId)(
        "DELETE",
        `/api/tenant/s/${second.tenantId}/sso/domains/${early.id}`,
      ),
    );
    expectOk(
      await settings(rival, rivalTenant)(
        "POST",
        `/api/tenant/s/${rivalTenant}/sso/domains/${rivalCopy.id}/dns`,
      ),
    );
  });

  it("a domain is proven by a code e-mailed to its admin mailbox, with five tries; no record, no proof", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Mail Org");
    const domain = freshDomain("mail");
    const added = await addDomain(owner, tenantId, domain);
    const base = `/api/tenant/s/${tenantId}/sso/domains/${added.id}`;
    expectError(await settings(owner, tenantId)("POST", `${base}/dns`), 400, 40095);
    expect(
      expectOk(await settings(owner, tenantId)("POST", `${base}/email`, { local: "postmaster" })),
    ).toEqual({
      sentTo: `postmaster@${domain}`,
    });
    const [mail] = await mailsTo(t, `postmaster@${domain}`);
    const code = /\b(\d{8})\b/.exec(mail!.text)![1]!;
    const wrong = code === "00000000" ? "11111111" : "00000000";
    for (let i = 0; i < 5; i++)
      expectError(await settings(owner, tenantId)("POST", `${base}/code`, { code: wrong }), 400, 40095);
    // The five tries are used: even the right code is refused now.
    expectError(await settings(owner, tenantId)("POST", `${base}/code`, { code }), 400, 40095);
    expectOk(await settings(owner, tenantId)("POST", `${base}/email`, { local: "admin" }));
    const code2 = /\b(\d{8})\b/.exec((await mailsTo(t, `admin@${domain}`))[0]!.text)![1]!;
    expectOk(await settings(owner, tenantId)("POST", `${base}/code`, { code: code2 }));
    expect(await audit(tenantId, "sso.domain_proven")).toEqual([
      expect.objectContaining({ details: { domain, method: "email" } }),
    ]);
  });

  it("a newcomer signs in just in time (account, membership with the chosen role, audited); then again as an existing person", async () => {
    const { tenantId, domain } = await organisation("jit");
    const { sub, email } = person(domain);
    const res = await signInWithSso(t, idp, email, sub);
    expect(res.statusCode).toBe(200);
    expect(popupMessage(res)).toEqual({ type: "nc-sso", ok: true, code: 0, message: "" });
    expect(res.headers["content-security-policy"]).toMatch(/script-src 'nonce-/);
    const sid = cookieFrom(res);
    expect(sid).toBeTruthy();
    const me = inTenant(t, { sid } as Account, tenantId);
    const profile = expectOk<{ role: { key: string } }>(await me("GET", "/api/tenant/tenant_user/profile"));
    expect(profile.role.key).toBe("developer");
    const [joined] = await audit(tenantId, "sso.member_created");
    expect(joined?.details).toEqual({ email, role: "Developer" });
    expect(await audit(tenantId, "sso.signed_in")).toHaveLength(1);

    // The same person again: the same account, no second membership.
    const again = await signInWithSso(t, idp, email, sub);
    expect(popupMessage(again).ok).toBe(true);
    expect(await audit(tenantId, "sso.member_created")).toHaveLength(1);
    expect(await audit(tenantId, "sso.signed_in")).toHaveLength(2);
    const [users] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email = ${email}`,
    );
    expect(users?.n).toBe(1);
  });

  it("an existing person who registered with a password signs in by their organisation", async () => {
    const { tenantId, domain } = await organisation("existing");
    const sub = `existing-${++people}`;
    const account = await registerUser(t, { email: `${sub}@${domain}` });
    idp.people.set(sub, { sub, email: account.email.toUpperCase(), emailVerified: true, name: "Existing" });
    const res = await signInWithSso(t, idp, account.email, sub);
    expect(popupMessage(res).ok).toBe(true);
    const sid = cookieFrom(res)!;
    expectOk(await inTenant(t, { sid } as Account, tenantId)("GET", "/api/tenant/tenant_user/profile"));
    const [signedIn] = await audit(tenantId, "sso.signed_in");
    expect(signedIn?.actor_id).toBe(account.id);
  });

  it("refuses an id token of the wrong issuer, audience or nonce, or expired, signed with the provider's own key", async () => {
    const { domain } = await organisation("tamper");
    const { sub, email } = person(domain);
    const cases: [string, (c: Record<string, unknown>) => Record<string, unknown>][] = [
      ["issuer", (c) => ({ ...c, iss: "http://127.0.0.1:1" })],
      ["audience", (c) => ({ ...c, aud: "another-app" })],
      ["nonce", (c) => ({ ...c, nonce: "not-the-nonce" })],
      ["expiry", (c) => ({ ...c, iat: Number(c.iat) - 7200, exp: Number(c.iat) - 3600 })],
    ];
    for (const [name, change] of cases) {
      idp.tamper(change);
      const res = await signInWithSso(t, idp, email, sub);
      expect({ name, ...popupMessage(res) }).toMatchObject({ name, ok: false, code: 40092 });
      expect(cookieFrom(res), name).toBeUndefined();
    }
    idp.tamper(null);
    // The provider behaving again: the same person signs in.
    expect(popupMessage(await signInWithSso(t, idp, email, sub)).ok).toBe(true);
  });

  it("refuses a wrong state, an answer given twice, and an answer without the attempt's cookie", async () => {
    const { domain } = await organisation("state");
    const { sub, email } = person(domain);
    const { url, attempt } = await startSso(t, email);
    idp.signInAs(sub);
    const callback = await browseToCallback(url);
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged-state");
    expect(popupMessage(await answerCallback(t, forged, attempt))).toMatchObject({ ok: false, code: 40092 });
    // The attempt was taken by the refused answer: the right one cannot use it again.
    expect(popupMessage(await answerCallback(t, callback, attempt))).toMatchObject({
      ok: false,
      code: 40092,
    });

    const second = await startSso(t, email);
    const answer = await browseToCallback(second.url);
    expect(popupMessage(await answerCallback(t, answer, "not-the-cookie"))).toMatchObject({
      ok: false,
      code: 40092,
    });
  });

  it("refuses an e-mail the provider does not vouch for, and one outside the proven domains", async () => {
    const { domain } = await organisation("verified");
    const unverified = person(domain, false);
    expect(popupMessage(await signInWithSso(t, idp, unverified.email, unverified.sub))).toMatchObject({
      ok: false,
      code: 40093,
    });
    // The provider signs in someone of another domain: not this organisation's to let in.
    const elsewhere = person(freshDomain("elsewhere"));
    const { url, attempt } = await startSso(t, `someone@${domain}`);
    idp.signInAs(elsewhere.sub);
    const res = await answerCallback(t, await browseToCallback(url), attempt);
    expect(popupMessage(res)).toMatchObject({ ok: false, code: 40091 });
    expect(cookieFrom(res)).toBeUndefined();
    // A domain listed but never proven starts nothing.
    const { owner, tenantId } = await organisation("unproven");
    const pending = await addDomain(owner, tenantId, freshDomain("pending"));
    expectError(
      await call(t, "POST", "/api/tenant/pub/sso/start", { email: `a@${pending.domain}`, popup: true }),
      400,
      40091,
    );
  });

  it("keeps working when the provider rotates its signing key (the new key is fetched)", async () => {
    const { domain } = await organisation("rollover");
    const { sub, email } = person(domain);
    expect(popupMessage(await signInWithSso(t, idp, email, sub)).ok).toBe(true);
    const oldKid = idp.kid;
    idp.rotateKeys();
    expect(idp.kid).not.toBe(oldKid);
    // openid-client asks the provider again for an unknown kid once its copy is a minute old.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    try {
      expect(popupMessage(await signInWithSso(t, idp, email, sub))).toMatchObject({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it("only this way: members of the domains reach the organisation only by its sign-on (40090); it counts as its two-factor sign-in", async () => {
    const { owner, tenantId, domain } = await organisation("required");
    const sub = `required-${++people}`;
    const member = await registerUser(t, { email: `${sub}@${domain}` });
    idp.people.set(sub, { sub, email: member.email, emailVerified: true, name: "Member" });
    // The first sign-in by the organisation makes them a member (just in time).
    expect(popupMessage(await signInWithSso(t, idp, member.email, sub)).ok).toBe(true);

    // An Owner outside the domains turns the rule on (and the two-factor rule, which SSO meets).
    await turnOnTwoFactor(t, owner);
    expectOk(await configure(owner, tenantId, { required: true, clientSecret: undefined }));
    expectOk(
      await settings(owner, tenantId)("POST", `/api/tenant/s/${tenantId}/security`, {
        requireTwoFactor: true,
        keysWithoutTwoFactor: false,
      }),
    );
    // The password still signs in to the product, but not into the organisation.
    const byPassword = cookieFrom(await login(t, member.email, PASSWORD))!;
    const refused = expectError<{ tenantId: string }>(
      await inTenant(t, { sid: byPassword } as Account, tenantId)("GET", "/api/tenant/tenant_user/profile"),
      200,
      40090,
    );
    expect(refused.data).toEqual({ tenantId });
    expect(refused.msg).toContain("single sign-on");
    // By the organisation's sign-on: in, and its two-factor rule is met without a code of their own.
    const bySso = cookieFrom(await signInWithSso(t, idp, member.email, sub))!;
    expectOk(
      await inTenant(t, { sid: bySso } as Account, tenantId)("GET", "/api/tenant/tenant_user/profile"),
    );
    // The Owner is outside the domains: the password and their code keep working.
    expectOk(await inTenant(t, owner, tenantId)("GET", "/api/tenant/tenant_user/profile"));
  });

  it("an Owner inside the domains turns the rule on only from a session of the organisation's sign-on", async () => {
    const { tenantId, domain, owner: first } = await organisation("self");
    const sub = `self-${++people}`;
    const owner = await registerUser(t, { email: `${sub}@${domain}` });
    idp.people.set(sub, { sub, email: owner.email, emailVerified: true, name: "Owner" });
    await t.database.db.execute(
      sql`insert into tenant_members (tenant_id, user_id, role_id) values (${tenantId}, ${owner.id}, ${await roleId(t, tenantId, "owner")})`,
    );
    expectError(await configure(owner, tenantId, { required: true, clientSecret: undefined }), 400, 40098);
    const bySso = cookieFrom(await signInWithSso(t, idp, owner.email, sub))!;
    expectOk(
      await configure({ ...owner, sid: bySso }, tenantId, { required: true, clientSecret: undefined }),
    );
    expect(first.id).toBeTruthy();
  });
});
