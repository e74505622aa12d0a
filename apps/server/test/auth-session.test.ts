import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../src/core/tokens";
import { sessions } from "../src/db/schema/index";
import {
  type Account,
  call,
  expectError,
  expectOk,
  login,
  registerUser,
  sessionUser,
} from "./helpers/accounts";
import { cookieFrom, createTestApp, type TestApp } from "./helpers/test-app";

describe("GET and DELETE /api/_auth/session", () => {
  let t: TestApp;
  let account: Account;
  beforeAll(async () => {
    // Trusting the proxy lets a test speak https through x-forwarded-proto.
    t = await createTestApp({ TRUST_PROXY: "true" });
    account = await registerUser(t, { name: "Session Sam" });
  });
  afterAll(() => t.close());

  it("answers user null without a cookie", async () => {
    const data = expectOk(await call(t, "GET", "/api/_auth/session"));
    expect(data).toEqual({ user: null, expiresAt: null });
  });

  it("answers user null for a forged or oversized cookie", async () => {
    expect(await sessionUser(t, "not-a-real-session-id")).toBeNull();
    expect(await sessionUser(t, "x".repeat(5000))).toBeNull();
  });

  it("answers the signed-in user and the absolute expiry", async () => {
    const res = await call(t, "GET", "/api/_auth/session", undefined, { sid: account.sid });
    const data = expectOk<{ user: object; expiresAt: string }>(res);
    expect(data.user).toEqual({ id: account.id, email: account.email, name: "Session Sam", locale: "en" });
    const days = (Date.parse(data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("sets an HttpOnly, SameSite=Lax cookie, not Secure over http but Secure and __Host- over https", async () => {
    const plain = await login(t, account.email, account.password);
    const cookie = plain.cookies.find((c) => c.name === "sid")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const tls = await login(t, account.email, account.password, {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(tls.cookies.find((c) => c.name === "__Host-sid")).toMatchObject({
      secure: true,
      httpOnly: true,
      path: "/",
    });
    expect(tls.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  it("stores only a hash of the session id", async () => {
    const sid = cookieFrom(await login(t, account.email, account.password))!;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(rows.map((r) => r.idHash)).toContain(sha256(sid));
    expect(rows.map((r) => r.idHash)).not.toContain(sid);
  });

  it("DELETE ends the session on the server and clears the cookie", async () => {
    const sid = cookieFrom(await login(t, account.email, account.password))!;
    expect((await sessionUser(t, sid))?.id).toBe(account.id);

    const res = await call(t, "DELETE", "/api/_auth/session", undefined, { sid });
    expect(expectOk(res)).toBeNull();
    const cleared = res.cookies.find((c) => c.name === "sid")!;
    expect(cleared.value).toBe("");
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());

    // The old value replayed (a stolen copy) is dead too.
    expect(await sessionUser(t, sid)).toBeNull();
    expectError(await call(t, "GET", "/api/tenant/uc/profile", undefined, { sid }), 401, 40099);
  });

  it("DELETE without a session still answers ok", async () => {
    expect(expectOk(await call(t, "DELETE", "/api/_auth/session"))).toBeNull();
  });

  it("POST /api/tenant/pub/logout ends the session too", async () => {
    const sid = cookieFrom(await login(t, account.email, account.password))!;
    expectOk(await call(t, "POST", "/api/tenant/pub/logout", undefined, { sid }));
    expect(await sessionUser(t, sid)).toBeNull();
    // Other sessions of the same user are untouched.
    expect((await sessionUser(t, account.sid))?.id).toBe(account.id);
  });

  it("ends a session past its absolute expiry", async () => {
    const sid = cookieFrom(await login(t, account.email, account.password))!;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, sha256(sid)));
    expect(await sessionUser(t, sid)).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, sha256(sid))),
    ).toEqual([]);
  });

  it("ends a session left idle longer than the idle limit", async () => {
    const sid = cookieFrom(await login(t, account.email, account.password))!;
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: eightDaysAgo })
      .where(eq(sessions.idHash, sha256(sid)));
    expect(await sessionUser(t, sid)).toBeNull();
  });

  it("keeps an active session alive by refreshing its last-seen time", async () => {
    const sid = cookieFrom(await login(t, account.email, account.password))!;
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sixDaysAgo })
      .where(eq(sessions.idHash, sha256(sid)));
    expect((await sessionUser(t, sid))?.id).toBe(account.id);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sha256(sid)));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });
});
