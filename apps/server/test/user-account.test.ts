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
import { cookieFrom, createTestApp, type TestApp } from "./helpers/test-app";

const UC = "/api/tenant/uc";

describe("/api/tenant/uc (the signed-in user's account)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe("without a live session", () => {
    it.each([
      ["GET", "/profile", undefined],
      ["POST", "/profile", { name: "X" }],
      ["POST", "/change/password", { password: PASSWORD, newPassword: "Another-pass-11" }],
      ["POST", "/change/email/code", { email: "x@example.com" }],
      ["POST", "/change/email", { email: "x@example.com", code: "123456" }],
      ["GET", "/tenant_count", undefined],
    ] as const)("%s %s answers 401 with 40099", async (method, path, payload) => {
      expectError(await call(t, method, `${UC}${path}`, payload), 401, 40099);
      expectError(await call(t, method, `${UC}${path}`, payload, { sid: "forged" }), 401, 40099);
    });
  });

  describe("profile", () => {
    it("GET answers the profile", async () => {
      const user = await registerUser(t, { name: "Pat Profile" });
      const data = expectOk(await call(t, "GET", `${UC}/profile`, undefined, { sid: user.sid }));
      expect(data).toEqual({
        id: user.id,
        email: user.email,
        name: "Pat Profile",
        locale: "en",
        createdAt: expect.any(String),
        passwordChangedAt: null,
      });
    });

    it("POST changes the name and the language", async () => {
      const user = await registerUser(t);
      const res = await call(
        t,
        "POST",
        `${UC}/profile`,
        { name: "  New Name ", locale: "pt" },
        { sid: user.sid },
      );
      expect(expectOk(res)).toMatchObject({ name: "New Name", locale: "pt", email: user.email });
      const again = expectOk(await call(t, "GET", `${UC}/profile`, undefined, { sid: user.sid }));
      expect(again).toMatchObject({ name: "New Name", locale: "pt" });
      expect(await sessionUser(t, user.sid)).toMatchObject({ name: "New Name", locale: "pt" });
    });

    it("POST with nothing to change answers the profile unchanged", async () => {
      const user = await registerUser(t, { name: "Still Me" });
      const res = await call(t, "POST", `${UC}/profile`, {}, { sid: user.sid });
      expect(expectOk(res)).toMatchObject({ name: "Still Me", email: user.email });
    });

    it.each([
      [{ name: "" }, "name", "required"],
      [{ name: "x".repeat(65) }, "name", "too_long"],
      [{ name: 5 }, "name", "invalid_type"],
      [{ locale: "fr" }, "locale", "invalid_value"],
      [{ locale: "EN" }, "locale", "invalid_value"],
    ])("POST %j -> %s %s", async (payload, field, reason) => {
      const user = await registerUser(t);
      expectFieldError(await call(t, "POST", `${UC}/profile`, payload, { sid: user.sid }), field, reason);
    });
  });

  describe("change/password", () => {
    const url = `${UC}/change/password`;

    it("changes the password, keeps this session and ends the others", async () => {
      const user = await registerUser(t);
      const other = cookieFrom(await login(t, user.email, PASSWORD))!;
      const res = await call(
        t,
        "POST",
        url,
        { password: PASSWORD, newPassword: "Another-pass-11" },
        { sid: user.sid },
      );
      expect(expectOk(res)).toEqual({ changed: true });

      expect((await sessionUser(t, user.sid))?.id).toBe(user.id);
      expect(await sessionUser(t, other)).toBeNull();
      expectError(await login(t, user.email, PASSWORD), 400, 40010);
      expectOk(await login(t, user.email, "Another-pass-11"));
      const profile = expectOk<{ passwordChangedAt: string }>(
        await call(t, "GET", `${UC}/profile`, undefined, { sid: user.sid }),
      );
      expect(Date.now() - Date.parse(profile.passwordChangedAt)).toBeLessThan(60_000);
      // Among the others (a sign-in from a new device is e-mailed too, in the same millisecond).
      expect((await mailsTo(t, user.email)).map((mail) => mail.subject)).toContainEqual(
        expect.stringMatching(/password was changed/),
      );
    });

    it("refuses a wrong current password with 40012 and keeps every session", async () => {
      const user = await registerUser(t);
      const other = cookieFrom(await login(t, user.email, PASSWORD))!;
      const res = await call(
        t,
        "POST",
        url,
        { password: "Not-my-pass-1", newPassword: "Another-pass-11" },
        { sid: user.sid },
      );
      expectError(res, 400, 40012);
      expect(await sessionUser(t, other)).not.toBeNull();
      expectOk(await login(t, user.email, PASSWORD));
    });

    it("refuses a weak new password with 40011 and the failed rules", async () => {
      const user = await registerUser(t);
      const res = await call(t, "POST", url, { password: PASSWORD, newPassword: "12345" }, { sid: user.sid });
      expect(expectError<{ rules: string[] }>(res, 400, 40011).data.rules).toEqual([
        "length",
        "letterAndDigit",
      ]);
      expectOk(await login(t, user.email, PASSWORD));
    });

    it.each([
      [{ newPassword: "Another-pass-11" }, "password", "required"],
      [{ password: PASSWORD }, "newPassword", "required"],
      [{ password: PASSWORD, newPassword: "" }, "newPassword", "required"],
      [{ password: PASSWORD, newPassword: "n".repeat(129) }, "newPassword", "too_long"],
    ])("%j -> %s %s", async (payload, field, reason) => {
      const user = await registerUser(t);
      expectFieldError(await call(t, "POST", url, payload, { sid: user.sid }), field, reason);
    });
  });

  describe("change/email", () => {
    it("moves the account to a new address confirmed by a code sent there", async () => {
      const user = await registerUser(t);
      const next = uniqueEmail("moved");
      const sent = await call(t, "POST", `${UC}/change/email/code`, { email: next }, { sid: user.sid });
      expect(expectOk(sent)).toEqual({ sent: true, resendAfterSeconds: 60 });
      const code = await codeFor(t, next);

      const res = await call(
        t,
        "POST",
        `${UC}/change/email`,
        { email: next.toUpperCase(), code },
        { sid: user.sid },
      );
      expect(expectOk(res)).toMatchObject({ id: user.id, email: next });
      expect(await sessionUser(t, user.sid)).toMatchObject({ email: next });
      expectError(await login(t, user.email, PASSWORD), 400, 40010);
      expectOk(await login(t, next, PASSWORD));
      // The old address hears about the change.
      expect((await mailsTo(t, user.email)).at(-1)!.text).toContain(next);
    });

    it("answers alike for an address another account holds, but sends that address no code", async () => {
      const user = await registerUser(t);
      const holder = await registerUser(t);
      const free = uniqueEmail("free");
      const a = await call(t, "POST", `${UC}/change/email/code`, { email: holder.email }, { sid: user.sid });
      const b = await call(t, "POST", `${UC}/change/email/code`, { email: free }, { sid: user.sid });
      expect(a.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
      const last = (await mailsTo(t, holder.email)).at(-1)!;
      expect(last.subject).toMatch(/already used/);
      expect(last.text).not.toMatch(/\b\d{6}\b/);
      expectError(
        await call(
          t,
          "POST",
          `${UC}/change/email`,
          { email: holder.email, code: "123456" },
          { sid: user.sid },
        ),
        400,
        40004,
      );
    });

    it("refuses the current address with 40013", async () => {
      const user = await registerUser(t);
      expectError(
        await call(t, "POST", `${UC}/change/email/code`, { email: user.email }, { sid: user.sid }),
        400,
        40013,
      );
    });

    it("refuses a wrong code, and a code another user asked for", async () => {
      const user = await registerUser(t);
      const thief = await registerUser(t);
      const next = uniqueEmail("target");
      expectOk(await call(t, "POST", `${UC}/change/email/code`, { email: next }, { sid: user.sid }));
      const code = await codeFor(t, next);
      const wrong = code === "000001" ? "000002" : "000001";
      expectError(
        await call(t, "POST", `${UC}/change/email`, { email: next, code: wrong }, { sid: user.sid }),
        400,
        40004,
      );
      expectError(
        await call(t, "POST", `${UC}/change/email`, { email: next, code }, { sid: thief.sid }),
        400,
        40004,
      );
      expect(await sessionUser(t, thief.sid)).toMatchObject({ email: thief.email });
      // The rightful user can still finish.
      expectOk(await call(t, "POST", `${UC}/change/email`, { email: next, code }, { sid: user.sid }));
    });

    it("keeps a user's pending code valid when another user asks for the same address", async () => {
      const user = await registerUser(t);
      const other = await registerUser(t);
      const next = uniqueEmail("contested");
      expectOk(await call(t, "POST", `${UC}/change/email/code`, { email: next }, { sid: user.sid }));
      const code = await codeFor(t, next);
      await expireEmailLimits(t, next);
      expectOk(await call(t, "POST", `${UC}/change/email/code`, { email: next }, { sid: other.sid }));
      expectOk(await call(t, "POST", `${UC}/change/email`, { email: next, code }, { sid: user.sid }));
    });

    it("limits code requests to one a minute per new address with 429 and Retry-After", async () => {
      const user = await registerUser(t);
      const next = uniqueEmail("rapid");
      expectOk(await call(t, "POST", `${UC}/change/email/code`, { email: next }, { sid: user.sid }));
      const res = await call(t, "POST", `${UC}/change/email/code`, { email: next }, { sid: user.sid });
      expectError(res, 429, 42900);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    });

    it.each([
      ["/change/email/code", {}, "email", "required"],
      ["/change/email/code", { email: "nope" }, "email", "invalid_email"],
      ["/change/email", { code: "123456" }, "email", "required"],
      ["/change/email", { email: "a@example.com" }, "code", "required"],
      ["/change/email", { email: "a@example.com", code: "abc" }, "code", "code_format"],
    ])("%s %j -> %s %s", async (path, payload, field, reason) => {
      const user = await registerUser(t);
      expectFieldError(await call(t, "POST", `${UC}${path}`, payload, { sid: user.sid }), field, reason);
    });
  });

  describe("tenant_count", () => {
    it("counts the organisations the user belongs to", async () => {
      const user = await registerUser(t);
      const count = () => call(t, "GET", `${UC}/tenant_count`, undefined, { sid: user.sid });
      expect(expectOk(await count())).toEqual({ count: 0 });

      for (const name of ["Org one", "Org two"]) {
        expectOk(await call(t, "POST", "/api/tenant", { name }, { sid: user.sid }));
      }
      expect(expectOk(await count())).toEqual({ count: 2 });
    });
  });
});
