import esValidation from "@nc/contracts/locales/es/validation.json";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index";
import {
  call,
  codeFor,
  expectError,
  expectFieldError,
  expectOk,
  expireEmailLimits,
  mailsTo,
  PASSWORD,
  registerUser,
  sessionUser,
  uniqueEmail,
} from "./helpers/accounts";
import { cookieFrom, createTestApp, nextIp, type TestApp } from "./helpers/test-app";

const CODE_URL = "/api/tenant/pub/register/code";
const REGISTER_URL = "/api/tenant/pub/register";

describe("POST /api/tenant/pub/register/code and /register", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function codeSentTo(email: string) {
    expectOk(await call(t, "POST", CODE_URL, { email }));
    return codeFor(t, email);
  }

  it("signs a new user up with the e-mailed code and starts a session", async () => {
    const email = uniqueEmail("new");
    const sent = expectOk(await call(t, "POST", CODE_URL, { email }));
    expect(sent).toEqual({ sent: true, resendAfterSeconds: 60 });
    const [mail] = await mailsTo(t, email);
    const code = await codeFor(t, email);
    expect(mail!.subject).toContain(code);
    expect(mail!.text).toContain("NumberCheck");

    const res = await call(t, "POST", REGISTER_URL, {
      name: "  Ada Lovelace ",
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      code,
      locale: "es",
    });
    const data = expectOk<{ user: { id: string }; expiresAt: string }>(res);
    expect(data.user).toEqual({ id: expect.any(String), email, name: "Ada Lovelace", locale: "es" });
    const sid = cookieFrom(res)!;
    expect(await sessionUser(t, sid)).toMatchObject({ id: data.user.id, email });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, data.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it("takes the request's language when the body names no valid locale", async () => {
    const email = uniqueEmail("lang");
    const code = await codeSentTo(email);
    const res = await call(
      t,
      "POST",
      REGISTER_URL,
      { name: "Zhang", email, password: PASSWORD, code, locale: "xx" },
      { headers: { "accept-language": "zh-CN,zh;q=0.9" } },
    );
    expect(expectOk<{ user: { locale: string } }>(res).user.locale).toBe("zh-Hans");
  });

  it("answers byte-identically for a registered and an unknown address", async () => {
    const known = await registerUser(t);
    await expireEmailLimits(t, known.email);
    const unknown = uniqueEmail("unknown");
    const a = await call(t, "POST", CODE_URL, { email: known.email });
    const b = await call(t, "POST", CODE_URL, { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    expect(a.headers["content-type"]).toBe(b.headers["content-type"]);
    // The account holder is told by e-mail instead, with no code to use.
    const mails = await mailsTo(t, known.email);
    expect(mails.at(-1)!.subject).toMatch(/already have/);
    expect(mails.at(-1)!.text).not.toMatch(/\b\d{6}\b/);
  });

  it("cannot take over a registered address: no code works for it", async () => {
    const known = await registerUser(t);
    const res = await call(t, "POST", REGISTER_URL, {
      name: "Intruder",
      email: known.email,
      password: "Another-pass-77",
      code: "123456",
    });
    expectError(res, 400, 40004);
    expect(cookieFrom(res)).toBeUndefined();
  });

  it("refuses a second code for the same address within a minute with 429 and Retry-After", async () => {
    const email = uniqueEmail("limit");
    expectOk(await call(t, "POST", CODE_URL, { email }));
    // Another client address does not get around the per-address limit.
    const res = await call(t, "POST", CODE_URL, { email }, { ip: nextIp() });
    const envelope = expectError<{ retryAfter: number }>(res, 429, 42900);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(envelope.data.retryAfter).toBe(retryAfter);
    expect(envelope.msg).toContain(String(retryAfter));
  });

  it("refuses a weak password with 40011 and the rules it fails, and creates no account", async () => {
    const email = uniqueEmail("weak");
    const code = await codeSentTo(email);
    const weak = await call(t, "POST", REGISTER_URL, { name: "W", email, password: "short", code });
    const envelope = expectError<{ rules: string[] }>(weak, 400, 40011);
    expect(envelope.data.rules).toEqual(expect.arrayContaining(["length", "letterAndDigit"]));

    const common = await call(t, "POST", REGISTER_URL, { name: "W", email, password: "password123", code });
    expect(expectError<{ rules: string[] }>(common, 400, 40011).data.rules).toEqual(["notCommon"]);

    const local = email.split("@")[0]!;
    const likeEmail = await call(t, "POST", REGISTER_URL, {
      name: "W",
      email,
      password: `${local}99x`,
      code,
    });
    expect(expectError<{ rules: string[] }>(likeEmail, 400, 40011).data.rules).toContain("notEmail");

    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // A weak password does not burn the code.
    expectOk(await call(t, "POST", REGISTER_URL, { name: "W", email, password: PASSWORD, code }));
  });

  it("refuses a wrong code with 40004", async () => {
    const email = uniqueEmail("wrong");
    const code = await codeSentTo(email);
    const wrong = code === "000000" ? "111111" : "000000";
    expectError(
      await call(t, "POST", REGISTER_URL, { name: "W", email, password: PASSWORD, code: wrong }),
      400,
      40004,
    );
  });

  it("refuses a code sent to another address", async () => {
    const code = await codeSentTo(uniqueEmail("a"));
    const other = uniqueEmail("b");
    expectError(
      await call(t, "POST", REGISTER_URL, { name: "W", email: other, password: PASSWORD, code }),
      400,
      40004,
    );
  });

  describe("register/code validation", () => {
    it.each([
      [{}, "email", "required"],
      [{ email: "" }, "email", "invalid_email"],
      [{ email: "not-an-email" }, "email", "invalid_email"],
      [{ email: `${"a".repeat(250)}@example.com` }, "email", "too_long"],
      [{ email: 42 }, "email", "invalid_type"],
      [{ email: "ok@example.com", captcha: "c".repeat(5000) }, "captcha", "too_long"],
    ])("%# -> %s %s", async (payload, field, reason) => {
      expectFieldError(await call(t, "POST", CODE_URL, payload), field, reason);
    });
  });

  describe("register validation", () => {
    const valid = { name: "Val", email: "val@example.com", password: PASSWORD, code: "123456" };
    it.each([
      [{ name: undefined }, "name", "required"],
      [{ name: "   " }, "name", "required"],
      [{ name: "n".repeat(65) }, "name", "too_long"],
      [{ email: undefined }, "email", "required"],
      [{ email: "nope" }, "email", "invalid_email"],
      [{ password: undefined }, "password", "required"],
      [{ password: "" }, "password", "required"],
      [{ password: "p".repeat(129) }, "password", "too_long"],
      [{ code: undefined }, "code", "required"],
      [{ code: "12345" }, "code", "code_format"],
      [{ code: "1234567" }, "code", "code_format"],
      [{ code: "12a456" }, "code", "code_format"],
      [{ locale: "l".repeat(17) }, "locale", "too_long"],
      [{ name: 7 }, "name", "invalid_type"],
    ])("%# -> %s %s", async (patch, field, reason) => {
      expectFieldError(await call(t, "POST", REGISTER_URL, { ...valid, ...patch }), field, reason);
    });

    it("lists every field at fault at once", async () => {
      const res = await call(t, "POST", REGISTER_URL, { email: "bad" });
      const fields = expectError<{ fields: { field: string }[] }>(res, 400, 40001).data.fields;
      expect(fields.map((f) => f.field).sort()).toEqual(["code", "email", "name", "password"]);
    });

    it("answers the field messages in the request's language", async () => {
      const es = await call(
        t,
        "POST",
        REGISTER_URL,
        { ...valid, code: "1" },
        { headers: { "x-locale": "es" } },
      );
      expectFieldError(es, "code", "code_format");
      expect(es.json().msg).toBe(`code: ${esValidation.code_format}`);
    });

    it("names the body when there is none", async () => {
      const res = await t.app.inject({ method: "POST", url: REGISTER_URL, remoteAddress: nextIp() });
      expectFieldError(res, "body", "required");
    });
  });
});
