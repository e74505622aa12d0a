import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  codeFor,
  expectError,
  expectFieldError,
  expectOk,
  expireEmailLimits,
  login,
  mailsTo,
  PASSWORD,
  registerUser,
  sessionUser,
  uniqueEmail,
} from "./helpers/accounts";
import { cookieFrom, createTestApp, nextIp, type TestApp } from "./helpers/test-app";

const CODE_URL = "/api/tenant/pub/forget/code";
const RESET_URL = "/api/tenant/pub/forget";
const NEW_PASSWORD = "Green-meadow-58";

describe("POST /api/tenant/pub/forget/code and /forget", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function resetCodeFor(email: string) {
    await expireEmailLimits(t, email);
    expectOk(await call(t, "POST", CODE_URL, { email }));
    return codeFor(t, email);
  }

  it("sets a new password with the e-mailed code, ends every session and tells the owner", async () => {
    const user = await registerUser(t);
    const second = cookieFrom(await login(t, user.email, PASSWORD))!;
    const code = await resetCodeFor(user.email);

    const res = await call(t, "POST", RESET_URL, { email: user.email, code, password: NEW_PASSWORD });
    expect(expectOk(res)).toEqual({ reset: true });
    expect(cookieFrom(res)).toBeUndefined();

    expect(await sessionUser(t, user.sid)).toBeNull();
    expect(await sessionUser(t, second)).toBeNull();
    expectError(await login(t, user.email, PASSWORD), 400, 40010);
    expectOk(await login(t, user.email, NEW_PASSWORD));
    // Among the others (a sign-in from a new device is e-mailed too, in the same millisecond).
    expect((await mailsTo(t, user.email)).map((mail) => mail.subject)).toContainEqual(
      expect.stringMatching(/password was changed/),
    );
  });

  it("answers byte-identically for a registered and an unknown address, and mails only the owner", async () => {
    const user = await registerUser(t);
    await expireEmailLimits(t, user.email);
    const unknown = uniqueEmail("nobody");
    const a = await call(t, "POST", CODE_URL, { email: user.email });
    const b = await call(t, "POST", CODE_URL, { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(JSON.parse(a.body)).toEqual({ code: 0, msg: "ok", data: { sent: true, resendAfterSeconds: 60 } });
    expect(await mailsTo(t, unknown)).toEqual([]);
    expect((await mailsTo(t, user.email)).at(-1)!.subject).toMatch(/reset code/);
  });

  it("gives an unknown address no way in: every code is wrong", async () => {
    const email = uniqueEmail("nobody");
    expectOk(await call(t, "POST", CODE_URL, { email }));
    expectError(
      await call(t, "POST", RESET_URL, { email, code: "123456", password: NEW_PASSWORD }),
      400,
      40004,
    );
  });

  it("refuses a weak password with 40011 and the failed rules, keeping the old one", async () => {
    const user = await registerUser(t);
    const code = await resetCodeFor(user.email);
    const res = await call(t, "POST", RESET_URL, { email: user.email, code, password: "abcdefghij" });
    expect(expectError<{ rules: string[] }>(res, 400, 40011).data.rules).toEqual(["letterAndDigit"]);
    expectOk(await login(t, user.email, PASSWORD));
    expect(await sessionUser(t, user.sid)).not.toBeNull();
  });

  it("refuses a wrong code with 40004, keeping the password and sessions", async () => {
    const user = await registerUser(t);
    const code = await resetCodeFor(user.email);
    const wrong = code === "999999" ? "000000" : "999999";
    expectError(
      await call(t, "POST", RESET_URL, { email: user.email, code: wrong, password: NEW_PASSWORD }),
      400,
      40004,
    );
    expect(await sessionUser(t, user.sid)).not.toBeNull();
    expectOk(await login(t, user.email, PASSWORD));
  });

  it("refuses a second code for the same address within a minute with 429 and Retry-After", async () => {
    const email = uniqueEmail("again");
    expectOk(await call(t, "POST", CODE_URL, { email }));
    const res = await call(t, "POST", CODE_URL, { email }, { ip: nextIp() });
    expectError(res, 429, 42900);
    expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(60);
  });

  it("limits code requests per client address across many e-mails", async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++)
      expectOk(await call(t, "POST", CODE_URL, { email: uniqueEmail("spray") }, { ip }));
    const res = await call(t, "POST", CODE_URL, { email: uniqueEmail("spray") }, { ip });
    expectError(res, 429, 42900);
    expect(res.headers["retry-after"]).toBeDefined();
  });

  describe("validation", () => {
    it.each([
      [CODE_URL, {}, "email", "required"],
      [CODE_URL, { email: "broken@" }, "email", "invalid_email"],
      [RESET_URL, { code: "123456", password: NEW_PASSWORD }, "email", "required"],
      [RESET_URL, { email: "x@example.com", password: NEW_PASSWORD }, "code", "required"],
      [RESET_URL, { email: "x@example.com", code: "12 456", password: NEW_PASSWORD }, "code", "code_format"],
      [RESET_URL, { email: "x@example.com", code: "123456" }, "password", "required"],
      [
        RESET_URL,
        { email: "x@example.com", code: "123456", password: "p".repeat(129) },
        "password",
        "too_long",
      ],
    ])("%s %# -> %s %s", async (url, payload, field, reason) => {
      expectFieldError(await call(t, "POST", url, payload), field, reason);
    });
  });
});
