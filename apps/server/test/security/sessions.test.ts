import type { SessionView } from "@nc/contracts/sessions";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import {
  type Account,
  call,
  expectError,
  expectOk,
  login,
  PASSWORD,
  registerUser,
  sessionUser,
  turnOnTwoFactor,
} from "../helpers/accounts";
import { createTenant, memberWithRole } from "../helpers/tenancy";
import { cookieFrom, createTestApp, type TestApp } from "../helpers/test-app";

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/**
 * A person's own sessions (docs/security.md, "Sessions"): the list, signing out one or all the
 * others, and the changes that sign the others out; never another person's session.
 */
describe("security: a person's own sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (sid: string) =>
    expectOk<{ sessions: SessionView[] }>(await call(t, "GET", "/api/tenant/uc/sessions", undefined, { sid }))
      .sessions;
  const end = (sid: string, id: string) =>
    call(t, "DELETE", `/api/tenant/uc/sessions/${id}`, undefined, { sid });
  const endOthers = (sid: string) => call(t, "POST", "/api/tenant/uc/sessions/end-others", {}, { sid });

  async function signIn(account: Account, userAgent: string, ip = "203.0.113.7") {
    const sid = cookieFrom(
      await login(t, account.email, PASSWORD, { ip, headers: { "user-agent": userAgent } }),
    );
    expect(sid).toBeTruthy();
    return sid!;
  }

  const events = async (tenantId: string, userId: string) =>
    (
      await queryRows<{ action: string; details: Record<string, unknown> }>(
        t.database.db,
        sql`select action, details from audit_events where tenant_id = ${tenantId} and actor_id = ${userId}
              and action in ('auth.session_ended', 'auth.other_sessions_ended') order by created_at, id`,
      )
    ).map((r) => ({ action: r.action, ...r.details }));

  it("lists the person's sessions with device, address and times, marking this one, and none of anyone else's", async () => {
    const account = await registerUser(t);
    const other = await registerUser(t);
    const mac = await signIn(account, FIREFOX_MAC, "198.51.100.4");
    await signIn(account, SAFARI_IPHONE);
    await signIn(other, FIREFOX_MAC);
    const sessions = await list(mac);
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      browser: "Firefox 133",
      os: "macOS",
      device: "desktop",
      ip: "198.51.100.4",
      place: null,
    });
    expect(sessions.find((s) => s.browser === "Safari 18")).toMatchObject({ os: "iOS", device: "mobile" });
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(s.signedInAt)).toBeLessThanOrEqual(Date.parse(s.lastSeenAt));
    }
    // Neither the cookie nor its digest is in the answer.
    const [hashes] = await queryRows<{ h: string[] }>(
      t.database.db,
      sql`select array_agg(id_hash) as h from sessions where user_id = ${account.id}`,
    );
    const text = JSON.stringify(sessions);
    for (const h of hashes!.h) expect(text).not.toContain(h);
    expect(text).not.toContain(mac);
    expectError(await call(t, "GET", "/api/tenant/uc/sessions"), 401, 40099);
  });

  it("writes last seen at most once a minute", async () => {
    const account = await registerUser(t);
    const seen = async () =>
      (
        await queryRows<{ at: string }>(
          t.database.db,
          sql`select last_seen_at::text as at from sessions where user_id = ${account.id}`,
        )
      )[0]!.at;
    const first = await seen();
    await list(account.sid);
    expect(await seen()).toBe(first);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 minutes' where user_id = ${account.id}`,
    );
    const older = await seen();
    await list(account.sid);
    const touched = await seen();
    expect(touched).not.toBe(older);
    await list(account.sid);
    expect(await seen()).toBe(touched);
  });

  it("signs out one session, its own or another of the person's; never another person's", async () => {
    const account = await registerUser(t);
    const tenantId = await createTenant(t, account);
    // Someone in the same organisation, who can see the owner in the member list.
    const colleague = await memberWithRole(t, tenantId, "admin");
    const phone = await signIn(account, SAFARI_IPHONE);
    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    const colleagueId = (await list(colleague.sid)).find((s) => s.current)!.id;

    expectError(await end(colleague.sid, phoneId), 404, 40400);
    expectError(await end(account.sid, colleagueId), 404, 40400);
    expect(await sessionUser(t, phone)).not.toBeNull();
    expect(await sessionUser(t, colleague.sid)).not.toBeNull();
    expectError(await end(account.sid, "not-a-session"), 400, 40001);
    expectError(await end(account.sid, "00000000-0000-4000-8000-000000000000"), 404, 40400);

    expect(expectOk(await end(account.sid, phoneId))).toEqual({ ended: true, current: false });
    expect(await sessionUser(t, phone)).toBeNull();
    expectError(await end(account.sid, phoneId), 404, 40400);
    expect((await list(account.sid)).map((s) => s.id)).not.toContain(phoneId);

    // Its own: a sign-out, with the cookie cleared.
    const ownId = (await list(account.sid)).find((s) => s.current)!.id;
    const self = await end(account.sid, ownId);
    expect(expectOk(self)).toEqual({ ended: true, current: true });
    expect(self.cookies.find((c) => c.name === "sid")?.value).toBe("");
    expect(await sessionUser(t, account.sid)).toBeNull();
    expect(await events(tenantId, account.id)).toEqual([
      { action: "auth.session_ended", current: false },
      { action: "auth.session_ended", current: true },
    ]);
  });

  it("signs out all the other sessions and keeps this one", async () => {
    const account = await registerUser(t);
    const tenantId = await createTenant(t, account);
    const other = await registerUser(t);
    const more = [await signIn(account, FIREFOX_MAC), await signIn(account, SAFARI_IPHONE)];
    expect(expectOk(await endOthers(account.sid))).toEqual({ ended: 2 });
    for (const sid of more) expect(await sessionUser(t, sid)).toBeNull();
    expect((await list(account.sid)).map((s) => s.current)).toEqual([true]);
    expect(await sessionUser(t, other.sid)).not.toBeNull();
    expect(expectOk(await endOthers(account.sid))).toEqual({ ended: 0 });
    expect(await events(tenantId, account.id)).toEqual([
      { action: "auth.other_sessions_ended", sessions: 2 },
      { action: "auth.other_sessions_ended", sessions: 0 },
    ]);
    expectError(await endOthers("none"), 401, 40099);
  });

  it("ends one session once under parallel requests, with one audit event", async () => {
    const account = await registerUser(t);
    const tenantId = await createTenant(t, account);
    const phone = await signIn(account, SAFARI_IPHONE);
    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    const answers = await Promise.all(Array.from({ length: 12 }, () => end(account.sid, phoneId)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(11);
    expect(await events(tenantId, account.id)).toEqual([{ action: "auth.session_ended", current: false }]);
  });

  it("signs out the other sessions at a new password and when two-factor sign-in is turned on or off", async () => {
    const account = await registerUser(t);
    const stays = () => sessionUser(t, account.sid);
    let elsewhere = await signIn(account, FIREFOX_MAC);
    expectOk(
      await call(
        t,
        "POST",
        "/api/tenant/uc/change/password",
        { password: PASSWORD, newPassword: "Green-valley-77" },
        { sid: account.sid },
      ),
    );
    expect(await sessionUser(t, elsewhere)).toBeNull();
    expect(await stays()).not.toBeNull();
    expectOk(
      await call(
        t,
        "POST",
        "/api/tenant/uc/change/password",
        { password: "Green-valley-77", newPassword: PASSWORD },
        { sid: account.sid },
      ),
    );

    elsewhere = await signIn(account, FIREFOX_MAC);
    const { code } = await turnOnTwoFactor(t, account);
    expect(await sessionUser(t, elsewhere)).toBeNull();
    expect(await stays()).not.toBeNull();

    // Signed in again with a code elsewhere, then turned off here: the other one ends.
    const pending = await login(t, account.email, PASSWORD);
    const tfa = cookieFrom(pending, "tfa");
    const second = await t.app.inject({
      method: "POST",
      url: "/api/tenant/pub/login/2fa",
      payload: { code: code(1) },
      cookies: { tfa: tfa! },
    });
    elsewhere = cookieFrom(second)!;
    expect(await sessionUser(t, elsewhere)).not.toBeNull();
    await t.database.db.execute(
      sql`update user_two_factor set last_step = null where user_id = ${account.id}`,
    );
    expectOk(
      await call(
        t,
        "POST",
        "/api/tenant/uc/2fa/disable",
        { password: PASSWORD, code: code() },
        { sid: account.sid },
      ),
    );
    expect(await sessionUser(t, elsewhere)).toBeNull();
    expect(await stays()).not.toBeNull();
  });
});
