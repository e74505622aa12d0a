import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "../../src/features/auth/sign-in-limits";
import {
  type Account,
  body,
  expectError,
  expectOk,
  login,
  registerUser,
  solveCaptcha,
} from "../helpers/accounts";
import { createTestApp, nextIp, type TestApp } from "../helpers/test-app";

const WRONG = "Wrong-password-1";
const PAIR = SIGN_IN_LIMITS.perAccountAndAddress;

/**
 * Failed sign-ins cannot be used to lock an owner out: they slow down the address that makes them
 * and make the account ask for the captcha, but the right password from another address still
 * signs in (docs/security.md, "Sign-in, codes and lockout").
 */
describe("security: failed sign-ins never lock the owner out", () => {
  describe("with the captcha on", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ CAPTCHA_ENABLED: "true", CAPTCHA_DIFFICULTY: "1000" });
    });
    afterAll(() => t.close());

    it("failures from many addresses make the owner solve the captcha, never wait", async () => {
      const owner = await registerUser(t);
      // Three times the old per-account lockout, spread so no address is throttled.
      for (let i = 0; i < 60; i++) {
        const ip = nextIp();
        const res = await login(t, owner.email, WRONG, { ip }, { captcha: await solveCaptcha(t, { ip }) });
        expectError(res, 400, 40010);
      }
      const home = nextIp();
      const bare = await login(t, owner.email, owner.password, { ip: home });
      expect(expectError(bare, 400, 40002).data).toEqual({ captchaRequired: true });
      const withCaptcha = { captcha: await solveCaptcha(t, { ip: home }) };
      expectOk(await login(t, owner.email, owner.password, { ip: home }, withCaptcha));
      // The success starts the account's count again: the next sign-in needs no captcha.
      expectOk(await login(t, owner.email, owner.password, { ip: nextIp() }));
    });

    it("parallel attempts from one address get at most three tries without a captcha", async () => {
      const owner = await registerUser(t);
      const ip = nextIp();
      const answers = await Promise.all(
        Array.from({ length: PAIR }, () => login(t, owner.email, WRONG, { ip })),
      );
      const codes = answers.map((res) => body(res).code);
      expect(codes.filter((code) => code === 40010)).toHaveLength(SIGN_IN_LIMITS.captchaAfterAccountAttempts);
      expect(codes.filter((code) => code !== 40010).every((code) => code === 40002)).toBe(true);
    });
  });

  describe("with the captcha off", () => {
    let t: TestApp;
    let owner: Account;
    beforeAll(async () => {
      t = await createTestApp();
      owner = await registerUser(t);
    });
    afterAll(() => t.close());

    it("the attacking address is throttled for that account; the owner's address is not", async () => {
      const attacker = nextIp();
      for (let i = 0; i < PAIR; i++)
        expectError(await login(t, owner.email, WRONG, { ip: attacker }), 400, 40010);
      // Even the right password waits at the attacking address...
      const throttled = await login(t, owner.email, owner.password, { ip: attacker });
      expectError(throttled, 429, 42910);
      const retryAfter = Number(throttled.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(body<{ retryAfter: number }>(throttled).data.retryAfter).toBe(retryAfter);
      // ...while the owner, from anywhere else, signs in at once.
      expectOk(await login(t, owner.email, owner.password, { ip: nextIp() }));
      // A success elsewhere does not lift the attacking address's throttle.
      expectError(await login(t, owner.email, WRONG, { ip: attacker }), 429, 42910);
    });

    it("failures from many addresses (past the old 20-failure lockout) do not refuse the owner", async () => {
      for (let i = 0; i < 45; i++)
        expectError(await login(t, owner.email, WRONG, { ip: nextIp() }), 400, 40010);
      expectOk(await login(t, owner.email, owner.password, { ip: nextIp() }));
    });

    it(`parallel attempts from one address: exactly ${PAIR} are checked, the rest throttled`, async () => {
      const victim = await registerUser(t);
      const attacker = nextIp();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => login(t, victim.email, WRONG, { ip: attacker })),
      );
      const codes = answers.map((res) => body(res).code);
      expect(codes.filter((code) => code === 40010)).toHaveLength(PAIR);
      expect(codes.filter((code) => code === 42910)).toHaveLength(40 - PAIR);
      expectOk(await login(t, victim.email, victim.password, { ip: nextIp() }));
    });

    it("a success resets the address's count for that account, so the owner's own typos do not pile up", async () => {
      const user = await registerUser(t);
      const ip = nextIp();
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < PAIR - 1; i++) expectError(await login(t, user.email, WRONG, { ip }), 400, 40010);
        expectOk(await login(t, user.email, user.password, { ip }));
      }
    });

    it("an IPv6 client is counted by its /64, so fresh addresses from it do not reset the throttle", async () => {
      const user = await registerUser(t);
      const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:7`;
      for (let i = 1; i <= PAIR; i++) {
        expectError(await login(t, user.email, WRONG, { ip: `${prefix}::${i.toString(16)}` }), 400, 40010);
      }
      expectError(await login(t, user.email, user.password, { ip: `${prefix}:ffff::1` }), 429, 42910);
      expectOk(await login(t, user.email, user.password, { ip: `${prefix.slice(0, -1)}8::1` }));
    });

    it("one address is still capped across e-mails", async () => {
      const ip = nextIp();
      const emails = Array.from(
        { length: SIGN_IN_LIMITS.perAddress },
        (_, i) => `spray.${i}.${ip}@example.com`,
      );
      for (const email of emails) expectError(await login(t, email, WRONG, { ip }), 400, 40010);
      expectError(await login(t, owner.email, owner.password, { ip }), 429, 42900);
      expectOk(await login(t, owner.email, owner.password, { ip: nextIp() }));
    });
  });
});
