import { ERRORS } from "@nc/contracts/errors";
import { PASSKEY_MAX, type Passkey } from "@nc/contracts/passkeys";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import {
  type Account,
  expectError,
  expectOk,
  mailsTo,
  registerUser,
  sessionUser,
  turnOnTwoFactor,
} from "../helpers/accounts";
import {
  assertCredential,
  type Ceremony,
  createCredential,
  type SoftCredential,
} from "../helpers/soft-authenticator";
import { createTenant } from "../helpers/tenancy";
import { cookieFrom, createTestApp, nextIp, type TestApp } from "../helpers/test-app";

/** What the browser's origin is for the test's requests (light-my-request's Host is localhost:80). */
const RP = { rpId: "localhost", origin: "http://localhost" };

type Jar = Record<string, string | undefined>;

/**
 * Passkeys through the API (docs/security.md, "Passkeys"), with a software authenticator: several
 * per person, sign-in with one alone and as the second factor, and the refusals that protect
 * them (another person's passkey, a replayed challenge, a copied authenticator).
 */
describe("security: passkeys", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function send(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, jar: Jar = {}) {
    const cookies = Object.fromEntries(Object.entries(jar).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    return t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: nextIp(),
      cookies,
    });
  }

  /** Asks for a challenge: the options the browser gets, and the cookie that holds its id. */
  async function options(url: string, jar: Jar = {}) {
    const res = await send("POST", url, {}, jar);
    const opts = expectOk<{ challenge: string; rp?: { id: string }; rpId?: string }>(res);
    const pk = cookieFrom(res, "pk");
    expect(pk).toBeTruthy();
    const ceremony: Ceremony = { ...RP, challenge: opts.challenge };
    return { opts, pk: pk!, ceremony };
  }

  async function addPasskey(
    account: Account,
    name = "Laptop",
  ): Promise<{ credential: SoftCredential; passkey: Passkey }> {
    const { opts, pk, ceremony } = await options("/api/tenant/uc/passkeys/options", { sid: account.sid });
    expect(opts.rp?.id).toBe("localhost");
    const userHandle = (opts as unknown as { user: { id: string } }).user.id;
    const { credential, response } = createCredential(ceremony, { userHandle });
    const passkey = expectOk<Passkey>(
      await send("POST", "/api/tenant/uc/passkeys", { name, response }, { sid: account.sid, pk }),
    );
    return { credential, passkey };
  }

  const list = async (account: Account) =>
    expectOk<Passkey[]>(await send("GET", "/api/tenant/uc/passkeys", undefined, { sid: account.sid }));

  const signInAlone = async (
    credential: SoftCredential,
    assertion: { signCount?: number; userVerified?: boolean } = {},
  ) => {
    const { pk, ceremony } = await options("/api/tenant/pub/login/passkey/options");
    const response = assertCredential(credential, ceremony, assertion);
    const res = await send("POST", "/api/tenant/pub/login/passkey", { response }, { pk });
    return { res, pk, response };
  };

  const storedCount = async (id: string) =>
    (
      await queryRows<{ sign_count: number }>(
        t.database.db,
        sql`select sign_count::int as sign_count from passkeys where id = ${id}`,
      )
    )[0]?.sign_count;

  const events = async (tenantId: string, userId: string) =>
    (
      await queryRows<{ action: string; details: Record<string, unknown> }>(
        t.database.db,
        sql`select action, details from audit_events where tenant_id = ${tenantId} and actor_id = ${userId}
              and action like 'passkey.%' order by created_at, id`,
      )
    ).map((r) => ({ action: r.action, ...r.details }));

  const code = (res: LightMyRequestResponse) => res.json().code as number;

  it('e-mails the person when a passkey is added and when one is removed, naming it (docs/security.md, "Sign-in alerts")', async () => {
    const account = await registerUser(t);
    const { passkey } = await addPasskey(account, "Work laptop");
    expectOk(await send("DELETE", `/api/tenant/uc/passkeys/${passkey.id}`, undefined, { sid: account.sid }));
    const alerts = (await mailsTo(t, account.email)).filter((m) => m.subject.includes("Security alert"));
    // Both, in either order: the two e-mails can carry the same millisecond.
    expect(alerts.map((m) => m.text.split("\n\n")[1]!.split("\n")[0]).sort()).toEqual([
      "A passkey “Work laptop” was added to your account; it can sign in without the password.",
      "The passkey “Work laptop” was removed from your account.",
    ]);
    for (const mail of alerts) {
      expect(mail.text).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      expect(mail.text).toMatch(/From: [\d.:a-f]+/);
      expect(mail.text).toContain("change your password at once");
    }
  });

  it("registers several named passkeys, lists, renames and deletes them, each change in the audit log", async () => {
    const account = await registerUser(t);
    const tenantId = await createTenant(t, account);
    const first = await addPasskey(account, "Laptop");
    const second = await addPasskey(account, "Phone");
    const held = await list(account);
    expect(held.map((p) => p.name)).toEqual(["Laptop", "Phone"]);
    expect(held[0]).toMatchObject({ id: first.passkey.id, lastUsedAt: null });
    expect(Date.parse(held[0]!.createdAt)).not.toBeNaN();
    // Only the public half is stored, with the credential id and the transports the browser named.
    const [row] = await queryRows<{ credential_id: string; transports: string[]; user_id: string }>(
      t.database.db,
      sql`select credential_id, transports, user_id from passkeys where id = ${first.passkey.id}`,
    );
    expect(row).toEqual({
      credential_id: first.credential.id,
      transports: ["internal"],
      user_id: account.id,
    });

    expectOk(
      await send(
        "PATCH",
        `/api/tenant/uc/passkeys/${second.passkey.id}`,
        { name: " Work phone " },
        { sid: account.sid },
      ),
    );
    expectOk(
      await send("DELETE", `/api/tenant/uc/passkeys/${first.passkey.id}`, undefined, { sid: account.sid }),
    );
    expect((await list(account)).map((p) => p.name)).toEqual(["Work phone"]);
    expect(await events(tenantId, account.id)).toEqual([
      { action: "passkey.added", name: "Laptop" },
      { action: "passkey.added", name: "Phone" },
      { action: "passkey.renamed", from: "Phone", name: "Work phone" },
      { action: "passkey.removed", name: "Laptop" },
    ]);
    // Nothing of it without a session.
    expectError(await send("GET", "/api/tenant/uc/passkeys"), 401, ERRORS.sessionInvalid.code);
    expectError(await send("POST", "/api/tenant/uc/passkeys/options", {}), 401, ERRORS.sessionInvalid.code);
  });

  it("signs in with a passkey alone (no e-mail address typed) and records its use", async () => {
    const account = await registerUser(t);
    const tenantId = await createTenant(t, account);
    const { credential, passkey } = await addPasskey(account);
    const { res } = await signInAlone(credential);
    const data = expectOk<{ user: { id: string; email: string } }>(res);
    expect(data.user).toMatchObject({ id: account.id, email: account.email });
    const sid = cookieFrom(res);
    expect(sid).toBeTruthy();
    expect((await sessionUser(t, sid!))?.id).toBe(account.id);
    expect((await list(account))[0]!.lastUsedAt).not.toBeNull();
    expect(await storedCount(passkey.id)).toBe(1);
    expect((await events(tenantId, account.id)).at(-1)).toEqual({
      action: "passkey.signed_in",
      name: "Laptop",
    });
  });

  it("refuses a replayed challenge, a missing one, and one made for registration", async () => {
    const account = await registerUser(t);
    const { credential } = await addPasskey(account);
    const { res, pk, response } = await signInAlone(credential);
    expectOk(res);
    // The same answer and cookie again: the challenge was spent by the first answer.
    expectError(
      await send("POST", "/api/tenant/pub/login/passkey", { response }, { pk }),
      400,
      ERRORS.passkeyChallengeInvalid.code,
    );
    // A fresh assertion over the spent challenge is refused as well.
    const again = assertCredential(credential, {
      ...RP,
      challenge: JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString()).challenge,
    });
    expectError(
      await send("POST", "/api/tenant/pub/login/passkey", { response: again }, { pk }),
      400,
      ERRORS.passkeyChallengeInvalid.code,
    );
    expectError(
      await send("POST", "/api/tenant/pub/login/passkey", { response: again }),
      400,
      ERRORS.passkeyChallengeInvalid.code,
    );
    // A registration's challenge does not open a session.
    const reg = await options("/api/tenant/uc/passkeys/options", { sid: account.sid });
    const crossed = assertCredential(credential, reg.ceremony);
    expectError(
      await send("POST", "/api/tenant/pub/login/passkey", { response: crossed }, { pk: reg.pk }),
      400,
      ERRORS.passkeyChallengeInvalid.code,
    );
  });

  it("refuses an expired challenge", async () => {
    const account = await registerUser(t);
    const { credential } = await addPasskey(account);
    const { pk, ceremony } = await options("/api/tenant/pub/login/passkey/options");
    await t.database.db.execute(sql`update passkey_challenges set expires_at = now() - interval '1 second'`);
    const response = assertCredential(credential, ceremony);
    expectError(
      await send("POST", "/api/tenant/pub/login/passkey", { response }, { pk }),
      400,
      ERRORS.passkeyChallengeInvalid.code,
    );
  });

  it("refuses a copied authenticator whose counter does not grow, with its own code and an audit event", async () => {
    const account = await registerUser(t);
    const tenantId = await createTenant(t, account);
    const { credential, passkey } = await addPasskey(account);
    expectOk((await signInAlone(credential)).res); // counter 1
    expectOk((await signInAlone(credential)).res); // counter 2
    // The copy reports the counter the original already used, then a lower one.
    for (const signCount of [2, 1, 0]) {
      const { res } = await signInAlone(credential, { signCount });
      expectError(res, 403, ERRORS.passkeyCloned.code);
      expect(cookieFrom(res)).toBeUndefined();
    }
    expect(await storedCount(passkey.id)).toBe(2);
    expect(
      (await events(tenantId, account.id)).filter((e) => e.action === "passkey.clone_refused"),
    ).toHaveLength(3);
    // The original, counting on, still signs in.
    expectOk((await signInAlone(credential, { signCount: 3 })).res);
    expect(await storedCount(passkey.id)).toBe(3);
  });

  it("accepts an authenticator that never counts (both counters zero)", async () => {
    const account = await registerUser(t);
    const { credential } = await addPasskey(account);
    expectOk((await signInAlone(credential, { signCount: 0 })).res);
    expectOk((await signInAlone(credential, { signCount: 0 })).res);
  });

  it("refuses an answer without user verification, for another origin, or with a bad signature", async () => {
    const account = await registerUser(t);
    const { credential } = await addPasskey(account);
    expectError(
      (await signInAlone(credential, { userVerified: false })).res,
      400,
      ERRORS.passkeyInvalid.code,
    );

    /** An answer over a fresh challenge, altered as an attacker would. */
    const refused = async (alter: (c: Ceremony) => Ceremony, tamper = (signature: string) => signature) => {
      const { pk, ceremony } = await options("/api/tenant/pub/login/passkey/options");
      const answer = assertCredential(credential, alter(ceremony));
      const response = {
        ...answer,
        response: { ...answer.response, signature: tamper(answer.response.signature) },
      };
      expectError(
        await send("POST", "/api/tenant/pub/login/passkey", { response }, { pk }),
        400,
        ERRORS.passkeyInvalid.code,
      );
    };
    await refused((c) => ({ ...c, origin: "https://evil.example" }));
    await refused((c) => ({ ...c, rpId: "evil.example" }));
    await refused(
      (c) => c,
      (signature) => `${signature.slice(0, -4)}AAAA`,
    );
    // The same, untouched, passes: the refusals above were for what was altered.
    await expect(refused((c) => c)).rejects.toThrow();
    // An unknown credential.
    const stranger = createCredential({ ...RP, challenge: "x" }).credential;
    expectError((await signInAlone(stranger)).res, 400, ERRORS.passkeyInvalid.code);
  });

  it("keeps one person's passkeys and challenges out of another's reach", async () => {
    const alice = await registerUser(t);
    const mallory = await registerUser(t);
    const { passkey } = await addPasskey(alice);
    expectError(
      await send("DELETE", `/api/tenant/uc/passkeys/${passkey.id}`, undefined, { sid: mallory.sid }),
      404,
      ERRORS.notFound.code,
    );
    expectError(
      await send("PATCH", `/api/tenant/uc/passkeys/${passkey.id}`, { name: "Mine" }, { sid: mallory.sid }),
      404,
      ERRORS.notFound.code,
    );
    expect((await list(alice)).map((p) => p.name)).toEqual(["Laptop"]);
    expect(await list(mallory)).toEqual([]);
    // Alice's registration challenge, carried by Mallory's session, adds nothing to either account.
    const reg = await options("/api/tenant/uc/passkeys/options", { sid: alice.sid });
    const { response } = createCredential(reg.ceremony);
    expectError(
      await send(
        "POST",
        "/api/tenant/uc/passkeys",
        { name: "Planted", response },
        { sid: mallory.sid, pk: reg.pk },
      ),
      400,
      ERRORS.passkeyChallengeInvalid.code,
    );
    expect(await list(mallory)).toEqual([]);
    expect(await list(alice)).toHaveLength(1);
  });

  it("refuses the same authenticator twice and more than the maximum per account", async () => {
    const account = await registerUser(t);
    const { opts, pk, ceremony } = await options("/api/tenant/uc/passkeys/options", { sid: account.sid });
    const { response } = createCredential(ceremony);
    expectOk(
      await send("POST", "/api/tenant/uc/passkeys", { name: "Key", response }, { sid: account.sid, pk }),
    );
    expect(opts).toBeTruthy();
    const again = await options("/api/tenant/uc/passkeys/options", { sid: account.sid });
    const replayedCreate = {
      ...response,
      response: {
        ...response.response,
        clientDataJSON: Buffer.from(
          JSON.stringify({ type: "webauthn.create", challenge: again.ceremony.challenge, origin: RP.origin }),
        ).toString("base64url"),
      },
    };
    expectError(
      await send(
        "POST",
        "/api/tenant/uc/passkeys",
        { name: "Key", response: replayedCreate },
        { sid: account.sid, pk: again.pk },
      ),
      400,
      ERRORS.passkeyInvalid.code,
    );
    for (let i = 1; i < PASSKEY_MAX; i++) await addPasskey(account, `Key ${i}`);
    expect(await list(account)).toHaveLength(PASSKEY_MAX);
    expectError(
      await send("POST", "/api/tenant/uc/passkeys/options", {}, { sid: account.sid }),
      400,
      ERRORS.passkeyLimit.code,
    );
  });

  it("refuses names and answers out of bounds", async () => {
    const account = await registerUser(t);
    const { passkey } = await addPasskey(account);
    for (const name of ["", "   ", "x".repeat(65)])
      expectError(
        await send("PATCH", `/api/tenant/uc/passkeys/${passkey.id}`, { name }, { sid: account.sid }),
        400,
        ERRORS.validation.code,
      );
    const huge = {
      id: "a".repeat(5000),
      rawId: "a",
      type: "public-key",
      response: {},
      clientExtensionResults: {},
    };
    expect(code(await send("POST", "/api/tenant/pub/login/passkey", { response: huge }))).toBe(
      ERRORS.validation.code,
    );
    expectError(
      await send("DELETE", "/api/tenant/uc/passkeys/not-a-uuid", undefined, { sid: account.sid }),
      400,
      ERRORS.validation.code,
    );
  });

  describe("as the second factor after the password", () => {
    async function withTwoFactor() {
      const account = await registerUser(t);
      await turnOnTwoFactor(t, account);
      return account;
    }
    async function passwordStep(account: Account) {
      const res = await send("POST", "/api/tenant/pub/login", {
        email: account.email,
        password: account.password,
      });
      expect(expectOk(res)).toMatchObject({ user: null, twoFactorRequired: true });
      return cookieFrom(res, "tfa")!;
    }

    it("takes a passkey of the account in place of the app's code, once", async () => {
      const account = await withTwoFactor();
      const { credential } = await addPasskey(account);
      const tfa = await passwordStep(account);
      const { opts, pk, ceremony } = await options("/api/tenant/pub/login/2fa/passkey/options", { tfa });
      // Only this account's passkeys are offered.
      expect(
        (opts as unknown as { allowCredentials: { id: string }[] }).allowCredentials.map((c) => c.id),
      ).toEqual([credential.id]);
      const response = assertCredential(credential, ceremony);
      const res = await send("POST", "/api/tenant/pub/login/2fa/passkey", { response }, { tfa, pk });
      expect(expectOk<{ user: { id: string } }>(res).user.id).toBe(account.id);
      expect((await sessionUser(t, cookieFrom(res)!))?.id).toBe(account.id);
      // The pending sign-in is used up: neither a passkey nor a code opens a second session with it.
      expectError(
        await send("POST", "/api/tenant/pub/login/2fa/passkey/options", {}, { tfa }),
        400,
        ERRORS.twoFactorPendingInvalid.code,
      );
    });

    it("refuses another person's passkey and a pending sign-in that is not there", async () => {
      const account = await withTwoFactor();
      await addPasskey(account);
      const other = await registerUser(t);
      const { credential: othersKey } = await addPasskey(other);
      const tfa = await passwordStep(account);
      const { pk, ceremony } = await options("/api/tenant/pub/login/2fa/passkey/options", { tfa });
      const response = assertCredential(othersKey, ceremony);
      expectError(
        await send("POST", "/api/tenant/pub/login/2fa/passkey", { response }, { tfa, pk }),
        400,
        ERRORS.passkeyInvalid.code,
      );
      expectError(
        await send("POST", "/api/tenant/pub/login/2fa/passkey/options", {}),
        400,
        ERRORS.twoFactorPendingInvalid.code,
      );
    });

    it("says when the account has no passkey", async () => {
      const account = await withTwoFactor();
      const tfa = await passwordStep(account);
      expectError(
        await send("POST", "/api/tenant/pub/login/2fa/passkey/options", {}, { tfa }),
        400,
        ERRORS.passkeyNone.code,
      );
    });
  });
});
