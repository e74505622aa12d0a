import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  login,
  registerUser,
  sessionUser,
  uniqueEmail,
} from "./helpers/accounts";
import { cookieFrom, createTestApp, nextIp, type TestApp } from "./helpers/test-app";

describe("POST /api/tenant/pub/login", () => {
  let t: TestApp;
  let account: Account;
  beforeAll(async () => {
    t = await createTestApp();
    account = await registerUser(t, { name: "Login Lee" });
  });
  afterAll(() => t.close());

  it("signs in with the right password and starts a session", async () => {
    const res = await login(t, account.email, account.password);
    const data = expectOk<{ user: object; expiresAt: string }>(res);
    expect(data.user).toEqual({ id: account.id, email: account.email, name: "Login Lee", locale: "en" });
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(Date.now());
    expect((await sessionUser(t, cookieFrom(res)!))?.id).toBe(account.id);
  });

  it("matches the e-mail whatever its case and surrounding spaces", async () => {
    const res = await login(t, `  ${account.email.toUpperCase()}  `, account.password);
    expect(expectOk<{ user: { id: string } }>(res).user.id).toBe(account.id);
  });

  it("gives a new session id at every sign-in and ends the one the browser had", async () => {
    const before = cookieFrom(await login(t, account.email, account.password))!;
    const res = await login(t, account.email, account.password, { sid: before });
    const after = cookieFrom(res)!;
    expectOk(res);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await sessionUser(t, before)).toBeNull();
    expect((await sessionUser(t, after))?.id).toBe(account.id);
  });

  it("ignores a session id planted by someone else (no fixation)", async () => {
    const planted = "attacker-chosen-session-id-0123456789";
    const res = await login(t, account.email, account.password, { sid: planted });
    expect(cookieFrom(res)).not.toBe(planted);
    expect(await sessionUser(t, planted)).toBeNull();
  });

  it("keeps the browser's current session when a sign-in fails", async () => {
    const current = cookieFrom(await login(t, account.email, account.password))!;
    expectError(await login(t, account.email, "Wrong-password-1", { sid: current }), 400, 40010);
    expect((await sessionUser(t, current))?.id).toBe(account.id);
  });

  it("refuses a wrong password with 40010 and sets no cookie", async () => {
    const res = await login(t, account.email, "Wrong-password-1");
    expect(expectError(res, 400, 40010).data).toEqual({ captchaRequired: false });
    expect(cookieFrom(res)).toBeUndefined();
  });

  it("answers an unknown e-mail exactly as a wrong password", async () => {
    const wrong = await login(t, account.email, "Wrong-password-1");
    const unknown = await login(t, uniqueEmail("ghost"), "Wrong-password-1");
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers["set-cookie"]).toEqual(wrong.headers["set-cookie"]);
  });

  it("keeps the password and the session id out of the logs", async () => {
    const password = "Log-secret-pass-9917";
    const user = await registerUser(t, { password });
    const ip = nextIp();
    const res = await login(t, user.email, password, { ip });
    const sid = cookieFrom(res)!;
    await call(t, "GET", "/api/tenant/uc/profile?token=query-secret-4455", undefined, { ip, sid });
    await login(t, user.email, `${password}-typo`, { ip });
    const logs = t.logs.join("\n");
    // The requests were logged, so the check below looks at real request lines.
    expect(logs).toContain("/api/tenant/pub/login");
    expect(logs).toContain("/api/tenant/uc/profile?[redacted]");
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(sid);
    expect(logs).not.toContain(user.sid);
    expect(logs).not.toContain("query-secret-4455");
  });

  describe("validation", () => {
    it.each([
      [{ password: "x" }, "email", "required"],
      [{ email: "nope", password: "x" }, "email", "invalid_email"],
      [{ email: ["a@b.co"], password: "x" }, "email", "invalid_type"],
      [{ email: "a@example.com" }, "password", "required"],
      [{ email: "a@example.com", password: "" }, "password", "required"],
      [{ email: "a@example.com", password: "p".repeat(129) }, "password", "too_long"],
      [{ email: "a@example.com", password: 12345678 }, "password", "invalid_type"],
      [{ email: "a@example.com", password: "x", captcha: "c".repeat(4097) }, "captcha", "too_long"],
    ])("%# -> %s %s", async (payload, field, reason) => {
      const res = await call(t, "POST", "/api/tenant/pub/login", payload);
      expectFieldError(res, field, reason);
      expect(cookieFrom(res)).toBeUndefined();
    });
  });
});
