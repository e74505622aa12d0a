import { clientNetwork } from "../../core/ip";
import { MINUTE_MS } from "../../core/time";
import type { RateStore } from "../rate-limit/index";
import { enforceLimits } from "../rate-limit/index";

export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;

/**
 * How far sign-in failures go (docs/security.md, "Sign-in, codes and lockout"). Failures slow down
 * the address that makes them and make the account ask for the captcha; they never refuse the right
 * password from another address, so nobody can lock an owner out by failing on purpose.
 */
export const SIGN_IN_LIMITS = {
  /** Attempts per client address, whatever the e-mail (429 rateLimited). */
  perAddress: 60,
  /** Attempts per (e-mail, client address) since the last success there (429 signInThrottled). */
  perAccountAndAddress: 10,
  /** Attempts per e-mail since its last success, from any address, after which the captcha is asked. */
  captchaAfterAccountAttempts: 3,
  /** Failed attempts per client address, any e-mail, after which the captcha is asked. */
  captchaAfterAddressFailures: 10,
} as const;

/** Who is signing in: the partner the account lives on, the e-mail typed, the client address. */
export interface SignInAttempt {
  partnerId: string;
  email: string;
  ip: string;
}

/**
 * Every attempt is counted by one atomic increment before the password is checked, and decides on
 * the count that increment answered: parallel attempts cannot all read the counters before any of
 * them is counted. A success starts the account's counts again.
 */
export function signInLimits(store: RateStore, options: { captcha: boolean }) {
  // A client address is counted by its network (an IPv6 client by its /64: clientNetwork).
  const accountKey = (a: SignInAttempt) => `loginfail:email:${a.partnerId}:${a.email}`;
  const pairKey = (a: SignInAttempt) => `login:pair:${a.partnerId}:${clientNetwork(a.ip)}:${a.email}`;
  const addressFailuresKey = (a: SignInAttempt) => `loginfail:ip:${clientNetwork(a.ip)}`;
  const needsCaptcha = (accountAttempts: number, addressFailures: number) =>
    options.captcha &&
    (accountAttempts >= SIGN_IN_LIMITS.captchaAfterAccountAttempts ||
      addressFailures >= SIGN_IN_LIMITS.captchaAfterAddressFailures);

  return {
    /**
     * Takes one attempt: refuses with 429 when this address is over its limits, and says whether
     * this attempt must carry a solved captcha. `accountAttempts` is what `failed` needs later.
     */
    async begin(a: SignInAttempt): Promise<{ captchaRequired: boolean; accountAttempts: number }> {
      await enforceLimits(store, [
        {
          key: `login:ip:${clientNetwork(a.ip)}`,
          max: SIGN_IN_LIMITS.perAddress,
          windowMs: SIGN_IN_WINDOW_MS,
        },
        {
          key: pairKey(a),
          max: SIGN_IN_LIMITS.perAccountAndAddress,
          windowMs: SIGN_IN_WINDOW_MS,
          error: "signInThrottled",
        },
      ]);
      if (!options.captcha) return { captchaRequired: false, accountAttempts: 0 };
      const [account, addressFailures] = await Promise.all([
        store.hit(accountKey(a), SIGN_IN_WINDOW_MS),
        store.peek(addressFailuresKey(a)),
      ]);
      // The attempts before this one decide, so the first three of a quiet account need no captcha.
      return {
        captchaRequired: needsCaptcha(account.count - 1, addressFailures),
        accountAttempts: account.count,
      };
    },

    /** After a wrong password: counts the address's failure; answers whether the next try needs the captcha. */
    async failed(a: SignInAttempt, accountAttempts: number): Promise<boolean> {
      const failures = await store.hit(addressFailuresKey(a), SIGN_IN_WINDOW_MS);
      return needsCaptcha(accountAttempts, failures.count);
    },

    /** After the right password: the account and this address start again. */
    async succeeded(a: SignInAttempt): Promise<void> {
      await Promise.all([store.reset(accountKey(a)), store.reset(pairKey(a))]);
    },
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;
