import { createChallenge, solveChallenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedSecret } from "../src/features/system/shared-secret";
import {
  type Account,
  call,
  codeFor,
  expectError,
  expectOk,
  login,
  PASSWORD,
  registerUser,
  solveCaptcha,
  uniqueEmail,
} from "./helpers/accounts";
import { createTestApp, nextIp, type TestApp } from "./helpers/test-app";

const decode = (payload: string) => JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64");

describe("captcha (self-hosted proof of work)", () => {
  let t: TestApp;
  let account: Account;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_ENABLED: "true", CAPTCHA_DIFFICULTY: "1000" });
    account = await registerUser(t);
  });
  afterAll(() => t.close());

  const registerCode = (email: string, captcha?: string) =>
    call(t, "POST", "/api/tenant/pub/register/code", { email, ...(captcha ? { captcha } : {}) });

  it("GET /api/tenant/pub/captcha hands out a signed challenge, a new one each time", async () => {
    const a = expectOk<{ enabled: boolean; challenge: Record<string, unknown> }>(
      await call(t, "GET", "/api/tenant/pub/captcha"),
    );
    const b = expectOk<{ challenge: Record<string, unknown> }>(
      await call(t, "GET", "/api/tenant/pub/captcha"),
    );
    expect(a.enabled).toBe(true);
    expect(a.challenge).toMatchObject({
      algorithm: "SHA-256",
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      maxnumber: 1000,
      salt: expect.stringContaining("expires="),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(b.challenge.challenge).not.toBe(a.challenge.challenge);
  });

  it("register/code: missing -> 40002, bad -> 40003, solved -> sent, replayed -> 40003", async () => {
    const email = uniqueEmail("cap");
    expect(expectError(await registerCode(email), 400, 40002).data).toEqual({ captchaRequired: true });
    expectError(await registerCode(email, "not-base64-json"), 400, 40003);

    const solved = await solveCaptcha(t);
    const wrongNumber = encode({ ...decode(solved), number: decode(solved).number + 1 });
    expectError(await registerCode(email, wrongNumber), 400, 40003);
    const forged = encode({ ...decode(solved), signature: "0".repeat(64) });
    expectError(await registerCode(email, forged), 400, 40003);

    expectOk(await registerCode(email, solved));
    expect(await codeFor(t, email)).toMatch(/^\d{6}$/);
    expectError(await registerCode(uniqueEmail("cap"), solved), 400, 40003);
  });

  it("refuses a challenge past its expiry, even correctly signed and solved", async () => {
    const hmacKey = await sharedSecret(t.database.db, "captcha_hmac_key");
    const stale = await createChallenge({ hmacKey, maxNumber: 1000, expires: new Date(Date.now() - 1000) });
    const solution = await solveChallenge(stale.challenge, stale.salt, stale.algorithm, 1000).promise;
    const payload = encode({ ...stale, number: solution!.number });
    expectError(await registerCode(uniqueEmail("old"), payload), 400, 40003);
    // The same steps with a live expiry pass, so the expiry is what was refused.
    const live = await createChallenge({ hmacKey, maxNumber: 1000, expires: new Date(Date.now() + 60_000) });
    const ok = await solveChallenge(live.challenge, live.salt, live.algorithm, 1000).promise;
    expectOk(await registerCode(uniqueEmail("new"), encode({ ...live, number: ok!.number })));
  });

  it("requests without a solved captcha do not use up an address's one code a minute", async () => {
    const email = uniqueEmail("victim");
    for (let i = 0; i < 3; i++) expectError(await registerCode(email), 400, 40002);
    expectOk(await registerCode(email, await solveCaptcha(t)));
  });

  it("register itself needs a fresh solution too", async () => {
    const email = uniqueEmail("reg");
    expectOk(await registerCode(email, await solveCaptcha(t)));
    const code = await codeFor(t, email);
    const payload = { name: "Cap", email, password: PASSWORD, code };
    expectError(await call(t, "POST", "/api/tenant/pub/register", payload), 400, 40002);
    expectOk(
      await call(t, "POST", "/api/tenant/pub/register", { ...payload, captcha: await solveCaptcha(t) }),
    );
  });

  it("forget/code and forget need one as well", async () => {
    expectError(await call(t, "POST", "/api/tenant/pub/forget/code", { email: account.email }), 400, 40002);
    const body = { email: account.email, code: "123456", password: "Green-meadow-58" };
    expectError(await call(t, "POST", "/api/tenant/pub/forget", body), 400, 40002);
  });

  it("login asks for a captcha after three failed attempts for an e-mail", async () => {
    const ip = nextIp();
    const fail = () => login(t, account.email, "Wrong-password-1", { ip });
    expect(expectError(await fail(), 400, 40010).data).toEqual({ captchaRequired: false });
    expect(expectError(await fail(), 400, 40010).data).toEqual({ captchaRequired: false });
    expect(expectError(await fail(), 400, 40010).data).toEqual({ captchaRequired: true });

    // Now even the right password needs the captcha, from any address.
    const noCaptcha = await login(t, account.email, PASSWORD, { ip: nextIp() });
    expect(expectError(noCaptcha, 400, 40002).data).toEqual({ captchaRequired: true });
    expectError(await login(t, account.email, PASSWORD, { ip }, { captcha: "garbage" }), 400, 40003);

    const wrongWithCaptcha = await login(
      t,
      account.email,
      "Wrong-password-1",
      { ip },
      { captcha: await solveCaptcha(t) },
    );
    expect(expectError(wrongWithCaptcha, 400, 40010).data).toEqual({ captchaRequired: true });

    expectOk(await login(t, account.email, PASSWORD, { ip }, { captcha: await solveCaptcha(t) }));
    // A successful sign-in clears the e-mail's failures.
    expectOk(await login(t, account.email, PASSWORD, { ip: nextIp() }));
  });

  it("login without earlier failures needs no captcha", async () => {
    const fresh = await registerUser(t);
    expectOk(await login(t, fresh.email, PASSWORD));
  });
});
