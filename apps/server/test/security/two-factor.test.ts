import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import { ACCOUNT_MAX_TRIES, CHALLENGE_MAX_TRIES } from "../../src/features/auth/two-factor-service";
import {
  type Account,
  body,
  call,
  expectError,
  expectOk,
  login,
  PASSWORD,
  registerUser,
  sessionUser,
  totpCode,
  turnOnTwoFactor,
} from "../helpers/accounts";
import { createTenant } from "../helpers/tenancy";
import { cookieFrom, createTestApp, nextIp, type TestApp } from "../helpers/test-app";

/** Six digits none of the three steps around now accept. */
function wrongCode(secret: string, i = 0): string {
  const valid = new Set([-1, 0, 1].map((o) => totpCode(secret, o)));
  for (let n = i; ; n++) {
    const candidate = String((n * 7919 + 123457) % 1_000_000).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/** A POST with the browser's cookies (the pending sign-in, the remembered browser, the session). */
function post(t: TestApp, url: string, payload: object, cookies: Record<string, string | undefined> = {}) {
  const jar = Object.fromEntries(Object.entries(cookies).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return t.app.inject({ method: "POST", url, payload, remoteAddress: nextIp(), cookies: jar });
}

const codeOf = (res: LightMyRequestResponse) => body(res).code;

describe("security: two-factor sign-in with an authenticator app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An account with an organisation (so its audit events have somewhere to go) and 2FA on. */
  async function withTwoFactor(): Promise<{
    account: Account;
    secret: string;
    recovery: string[];
    tenantId: string;
  }> {
    const account = await registerUser(t);
    const tenantId = await createTenant(t, account);
    const { secret, recoveryCodes } = await turnOnTwoFactor(t, account);
    await forgetLastStep(account.id);
    return { account, secret, recovery: recoveryCodes, tenantId };
  }

  /** As if the accepted code's 30 seconds had passed: the next code may be of the same step. */
  const forgetLastStep = (userId: string) =>
    t.database.db.execute(sql`update user_two_factor set last_step = null where user_id = ${userId}`);

  /** The right password: answers the pending sign-in's cookie. */
  async function pending(account: Account, cookies: Record<string, string | undefined> = {}) {
    const res = await post(
      t,
      "/api/tenant/pub/login",
      { email: account.email, password: account.password },
      cookies,
    );
    expect(expectOk(res)).toMatchObject({ user: null, twoFactorRequired: true });
    expect(cookieFrom(res)).toBeUndefined();
    const tfa = cookieFrom(res, "tfa");
    expect(tfa).toBeTruthy();
    return tfa!;
  }

  const second = (tfa: string | undefined, code: string, remember = false) =>
    post(t, "/api/tenant/pub/login/2fa", { code, remember }, { tfa });

  const actions = async (tenantId: string, userId: string) =>
    (
      await queryRows<{ action: string; details: Record<string, unknown> }>(
        t.database.db,
        sql`select action, details from audit_events where tenant_id = ${tenantId} and actor_id = ${userId}
              and action like 'auth.%' and action <> 'auth.sign_in' order by created_at, id`,
      )
    ).map((r) => ({ action: r.action, ...r.details }));

  it("sets up with a QR address and the secret, shown once, stored sealed, and turned on by a code", async () => {
    const account = await registerUser(t);
    const tenantId = await createTenant(t, account);
    const status = (sid = account.sid) => call(t, "GET", "/api/tenant/uc/2fa", undefined, { sid });
    expect(expectOk(await status())).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const first = expectOk<{ secret: string; uri: string }>(
      await call(t, "POST", "/api/tenant/uc/2fa/setup", {}, { sid: account.sid }),
    );
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.uri).toContain(`secret=${first.secret}`);
    expect(first.uri.startsWith("otpauth://totp/")).toBe(true);
    // A second set-up replaces the first secret: only the newest one's code turns it on.
    const { secret } = expectOk<{ secret: string }>(
      await call(t, "POST", "/api/tenant/uc/2fa/setup", {}, { sid: account.sid }),
    );
    expect(secret).not.toBe(first.secret);
    expect(JSON.stringify(expectOk(await status()))).not.toContain(secret);
    const [stored] = await queryRows<{ secret_sealed: string }>(
      t.database.db,
      sql`select secret_sealed from user_two_factor where user_id = ${account.id}`,
    );
    expect(stored!.secret_sealed).not.toContain(secret);
    expect(stored!.secret_sealed.startsWith("v1.")).toBe(true);

    // Until it is confirmed, the password alone still signs in.
    expect(cookieFrom(await login(t, account.email, PASSWORD))).toBeTruthy();
    const enable = (code: string) =>
      call(t, "POST", "/api/tenant/uc/2fa/enable", { code }, { sid: account.sid });
    expectError(
      await enable(totpCode(first.secret) === totpCode(secret) ? wrongCode(secret) : totpCode(first.secret)),
      400,
      40016,
    );
    expectError(await enable("12a456"), 400, 40001);
    const { recoveryCodes } = expectOk<{ recoveryCodes: string[] }>(await enable(totpCode(secret)));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const on = expectOk<{ enabled: boolean; recoveryCodesLeft: number }>(await status());
    expect(on).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // Never shown again: a new set-up is refused while it is on.
    expectError(await call(t, "POST", "/api/tenant/uc/2fa/setup", {}, { sid: account.sid }), 409, 40913);
    const hashes = await queryRows<{ code_hash: string }>(
      t.database.db,
      sql`select code_hash from two_factor_recovery_codes where user_id = ${account.id}`,
    );
    expect(hashes).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(JSON.stringify(hashes)).not.toContain(code.replaceAll("-", ""));
    }
    expect(await actions(tenantId, account.id)).toEqual([{ action: "auth.two_factor_enabled" }]);
  });

  it("asks for the code after the right password, opens no session before it, and refuses the same code twice", async () => {
    const { account, secret } = await withTwoFactor();
    const tfa = await pending(account);
    expect(await sessionUser(t, "none")).toBeNull();
    expectError(await second(tfa, wrongCode(secret)), 400, 40016);
    expectError(await second(undefined, totpCode(secret)), 400, 40017);
    const code = totpCode(secret);
    const done = await second(tfa, code);
    expect(expectOk<{ user: { id: string } }>(done).user.id).toBe(account.id);
    const sid = cookieFrom(done)!;
    expect((await sessionUser(t, sid))?.id).toBe(account.id);
    // The pending sign-in is used up, and its cookie cleared.
    expect(done.cookies.find((c) => c.name === "tfa")?.value).toBe("");
    expectError(await second(tfa, totpCode(secret, 1)), 400, 40017);

    // Replay: the same code (same step) in a new sign-in is refused; the next step's is accepted.
    const again = await pending(account);
    expectError(await second(again, code), 400, 40016);
    expectOk(await second(again, totpCode(secret, 1)));
  });

  it("refuses a wrong password before any code, and a pending sign-in after its five minutes", async () => {
    const { account, secret } = await withTwoFactor();
    const wrong = await login(t, account.email, "Wrong-password-1");
    expectError(wrong, 400, 40010);
    expect(cookieFrom(wrong, "tfa")).toBeUndefined();
    const tfa = await pending(account);
    await t.database.db.execute(
      sql`update two_factor_challenges set expires_at = now() - interval '1 second' where user_id = ${account.id}`,
    );
    expectError(await second(tfa, totpCode(secret)), 400, 40017);
  });

  it("signs in with a recovery code once, and says how many are left", async () => {
    const { account, recovery, tenantId } = await withTwoFactor();
    const [code] = recovery;
    expectOk(await second(await pending(account), ` ${code!.toUpperCase()} `));
    expectError(await second(await pending(account), code!), 400, 40016);
    const status = expectOk<{ recoveryCodesLeft: number }>(
      await call(t, "GET", "/api/tenant/uc/2fa", undefined, { sid: account.sid }),
    );
    expect(status.recoveryCodesLeft).toBe(9);
    expect(await actions(tenantId, account.id)).toEqual([
      { action: "auth.two_factor_enabled" },
      { action: "auth.recovery_code_used", left: 9 },
    ]);
  });

  it("remembers a browser for 30 days when asked, for that account only, until the password changes", async () => {
    const { account, secret } = await withTwoFactor();
    const other = await withTwoFactor();
    const done = await second(await pending(account), totpCode(secret), true);
    expectOk(done);
    const trust = done.cookies.find((c) => c.name === "tfa_trust")!;
    expect(trust.httpOnly).toBe(true);
    const days = ((trust.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const withTrust = await post(
      t,
      "/api/tenant/pub/login",
      { email: account.email, password: PASSWORD },
      { tfa_trust: trust.value },
    );
    expect(expectOk<{ user: { id: string } }>(withTrust).user.id).toBe(account.id);
    expect(cookieFrom(withTrust)).toBeTruthy();
    // Not another account's, not a forged one, and never without the password.
    await pending(other.account, { tfa_trust: trust.value });
    const [who, expires, mac] = trust.value.split(".");
    await pending(account, { tfa_trust: `${who}.${Number(expires) + 86_400}.${mac}` });
    expectError(
      await post(
        t,
        "/api/tenant/pub/login",
        { email: account.email, password: "Wrong-password-1" },
        { tfa_trust: trust.value },
      ),
      400,
      40010,
    );
    // A new password forgets every remembered browser.
    expectOk(
      await call(
        t,
        "POST",
        "/api/tenant/uc/change/password",
        { password: PASSWORD, newPassword: "Green-valley-77" },
        { sid: account.sid },
      ),
    );
    await pending({ ...account, password: "Green-valley-77" }, { tfa_trust: trust.value });
  });

  it("makes ten new recovery codes for a fresh code of the app only; the old ones stop working", async () => {
    const { account, secret, recovery, tenantId } = await withTwoFactor();
    const renew = (code: string, sid = account.sid) =>
      call(t, "POST", "/api/tenant/uc/2fa/recovery-codes", { code }, { sid });
    expectError(await renew(wrongCode(secret)), 400, 40016);
    // A recovery code cannot make more of them (found on paper, it must not become ten).
    expectError(await renew(recovery[0]!), 400, 40001);
    expectError(await renew(totpCode(secret), "none"), 401, 40099);
    const { recoveryCodes } = expectOk<{ recoveryCodes: string[] }>(await renew(totpCode(secret)));
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.filter((c) => recovery.includes(c))).toEqual([]);
    // The same code again is a replay.
    expectError(await renew(totpCode(secret)), 400, 40016);
    expectError(await second(await pending(account), recovery[1]!), 400, 40016);
    expectOk(await second(await pending(account), recoveryCodes[0]!));
    expect((await actions(tenantId, account.id)).map((a) => a.action)).toEqual([
      "auth.two_factor_enabled",
      "auth.recovery_codes_regenerated",
      "auth.recovery_code_used",
    ]);
    // Without two-factor sign-in there is nothing to renew.
    const plain = await registerUser(t);
    expectError(await renew("123456", plain.sid), 409, 40914);
  });

  it("forgets every remembered browser of the person when asked, and only theirs", async () => {
    const { account, secret, tenantId } = await withTwoFactor();
    const other = await withTwoFactor();
    const remembered = async (who: { account: Account; secret: string }) => {
      const done = await second(await pending(who.account), totpCode(who.secret), true);
      await forgetLastStep(who.account.id);
      return done.cookies.find((c) => c.name === "tfa_trust")!.value;
    };
    const mine = await remembered({ account, secret });
    const theirs = await remembered(other);
    const forgot = await call(t, "POST", "/api/tenant/uc/2fa/forget-browsers", {}, { sid: account.sid });
    expect(expectOk(forgot)).toEqual({ forgotten: true });
    expect(forgot.cookies.find((c) => c.name === "tfa_trust")?.value).toBe("");
    await pending(account, { tfa_trust: mine });
    const still = await post(
      t,
      "/api/tenant/pub/login",
      { email: other.account.email, password: PASSWORD },
      { tfa_trust: theirs },
    );
    expect(cookieFrom(still)).toBeTruthy();
    expect((await actions(tenantId, account.id)).map((a) => a.action)).toEqual([
      "auth.two_factor_enabled",
      "auth.browsers_forgotten",
    ]);
    expectError(await call(t, "POST", "/api/tenant/uc/2fa/forget-browsers", {}), 401, 40099);
  });

  it("turns off only with the password and a fresh code, and then signs in with the password alone", async () => {
    const { account, secret, recovery, tenantId } = await withTwoFactor();
    const disable = (payload: object) =>
      call(t, "POST", "/api/tenant/uc/2fa/disable", payload, { sid: account.sid });
    expectError(await disable({ password: "Wrong-password-1", code: totpCode(secret) }), 400, 40012);
    expectError(await disable({ password: PASSWORD, code: wrongCode(secret) }), 400, 40016);
    expectError(await disable({ password: PASSWORD }), 400, 40001);
    expectOk(await disable({ password: PASSWORD, code: recovery[3]! }));
    expect(expectOk(await call(t, "GET", "/api/tenant/uc/2fa", undefined, { sid: account.sid }))).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expectError(await disable({ password: PASSWORD, code: totpCode(secret) }), 409, 40914);
    expect(cookieFrom(await login(t, account.email, PASSWORD))).toBeTruthy();
    // The recovery code and the switch-off share one transaction, so one time: compared as a set.
    expect((await actions(tenantId, account.id)).map((a) => a.action).sort()).toEqual([
      "auth.recovery_code_used",
      "auth.two_factor_disabled",
      "auth.two_factor_enabled",
    ]);
    expectError(
      await call(t, "POST", "/api/tenant/uc/2fa/disable", { password: PASSWORD, code: "123456" }),
      401,
      40099,
    );
  });

  it("compares at most five codes per pending sign-in and ten per account under parallel guesses", async () => {
    const { account, secret, tenantId } = await withTwoFactor();
    // One pending sign-in, 40 parallel wrong guesses: exactly five are compared.
    const first = await pending(account);
    const one = await Promise.all(Array.from({ length: 40 }, (_, i) => second(first, wrongCode(secret, i))));
    const count = (answers: LightMyRequestResponse[], code: number) =>
      answers.filter((r) => codeOf(r) === code).length;
    expect(count(one, 40016)).toBe(CHALLENGE_MAX_TRIES);
    expect(count(one, 40017)).toBe(40 - CHALLENGE_MAX_TRIES);

    // Three more pending sign-ins, 20 parallel guesses at each: the account's ten in all are compared.
    const more = await Promise.all([pending(account), pending(account), pending(account)]);
    const all = await Promise.all(
      more.flatMap((tfa, n) =>
        Array.from({ length: 20 }, (_, i) => second(tfa, wrongCode(secret, 100 * n + i))),
      ),
    );
    expect(count(all, 40016)).toBe(ACCOUNT_MAX_TRIES - CHALLENGE_MAX_TRIES);
    expect(count(all, 40016) + count(all, 42911) + count(all, 40017)).toBe(60);
    const [tries] = await queryRows<{ tries: number }>(
      t.database.db,
      sql`select tries from user_two_factor where user_id = ${account.id}`,
    );
    expect(tries!.tries).toBe(ACCOUNT_MAX_TRIES);

    // Even the right code waits now, and the limit is in the audit log once.
    const refused = await second(await pending(account), totpCode(secret));
    expectError(refused, 429, 42911);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await actions(tenantId, account.id)).map((a) => a.action)).toEqual([
      "auth.two_factor_enabled",
      "auth.two_factor_locked",
    ]);
    // When the window has passed, the owner signs in.
    await t.database.db.execute(
      sql`update user_two_factor set tries_since = now() - interval '16 minutes' where user_id = ${account.id}`,
    );
    expectOk(await second(await pending(account), totpCode(secret)));
  });

  it("makes one session of many parallel right codes for one pending sign-in", async () => {
    const { account, secret } = await withTwoFactor();
    const tfa = await pending(account);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => second(tfa, totpCode(secret))),
      second(tfa, totpCode(secret, 1)),
    ]);
    expect(answers.filter((r) => codeOf(r) === 0)).toHaveLength(1);
    const [sessions] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions where user_id = ${account.id}`,
    );
    // The session made at sign-up, and one more.
    expect(sessions!.n).toBe(2);
  });
});
