import type { ForgetBody, LoginBody, RegisterBody, SessionUser } from "@nc/contracts/auth";
import { isLocale } from "@nc/contracts/locales";
import { failedPasswordRules } from "@nc/contracts/password-policy";
import { STEP_UP_WINDOW_MINUTES } from "@nc/contracts/step-up";
import { AppError } from "../../core/app-error";
import type { Caller, PartnerRow, ResolvedSession } from "../../core/request-context";
import { HOUR_MS, MINUTE_MS } from "../../core/time";
import type { Services } from "../../services";
import { enforceLimits } from "../rate-limit/index";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import { sendSecurityAlert } from "./security-alert";
import { signInLimits } from "./sign-in-limits";
import { twoFactorService } from "./two-factor-service";

export function assertStrongPassword(password: string, email: string) {
  const failed = failedPasswordRules(password, email);
  if (failed.length > 0) throw new AppError("passwordWeak", { rules: failed });
}

export function authService(s: Services) {
  const site = (partner: PartnerRow) => s.partners.siteInfo(partner);
  const emailKey = (caller: Caller, email: string) => `${caller.partner.id}:${email}`;

  /**
   * Limits for calls that send an e-mail: per address of the caller, then (once the captcha is
   * solved) per recipient, so requests without a valid captcha cannot use up someone's resends.
   */
  async function codeLimits(caller: Caller, kind: string, email: string, captcha: string | undefined) {
    await enforceLimits(s.rateStore, [{ key: `${kind}:ip:${caller.ip}`, max: 20, windowMs: HOUR_MS }]);
    await s.captcha.verify(captcha);
    await enforceLimits(s.rateStore, [
      { key: `${kind}:email:min:${emailKey(caller, email)}`, max: 1, windowMs: MINUTE_MS },
      { key: `${kind}:email:hour:${emailKey(caller, email)}`, max: 5, windowMs: HOUR_MS },
    ]);
  }

  const twoFactor = twoFactorService(s.database.db, s.audit);
  const signIn = signInLimits(s.rateStore, { captcha: s.captcha.enabled });
  const attemptOf = (caller: Caller, email: string) => ({
    partnerId: caller.partner.id,
    email,
    ip: caller.ip,
  });

  async function startSession(caller: Caller, userId: string) {
    return s.sessions.create(userId, { ip: caller.ip, userAgent: caller.userAgent });
  }

  const toSessionUser = (u: {
    id: string;
    email: string;
    name: string;
    locale: string | null;
  }): SessionUser => ({
    id: u.id,
    email: u.email,
    name: u.name,
    locale: u.locale,
  });

  return {
    /**
     * Sends a sign-up code, or tells an existing account holder so. The answer comes first and is
     * the same either way; the look-up happens after it, so its timing tells nothing.
     */
    async sendRegisterCode(caller: Caller, email: string, captcha: string | undefined) {
      await codeLimits(caller, "regcode", email, captcha);
      s.mailer.later(async () => {
        const existing = await s.users.byEmail(caller.partner.id, email);
        const mail = {
          partnerId: caller.partner.id,
          site: site(caller.partner),
          to: email,
          locale: caller.locale,
        };
        if (existing) {
          await s.mailer.send({ ...mail, template: "registerExisting" });
        } else {
          const code = await s.codes.issue({ partnerId: caller.partner.id, email, purpose: "register" });
          await s.mailer.send({ ...mail, template: "registerCode", params: { code } });
        }
      });
      return { sent: true, resendAfterSeconds: 60 };
    },

    async register(caller: Caller, body: RegisterBody) {
      await enforceLimits(s.rateStore, [{ key: `register:ip:${caller.ip}`, max: 20, windowMs: HOUR_MS }]);
      await s.captcha.verify(body.captcha);
      assertStrongPassword(body.password, body.email);
      await s.codes.consume(
        { partnerId: caller.partner.id, email: body.email, purpose: "register" },
        body.code,
      );
      const user = await s.users.create({
        partnerId: caller.partner.id,
        email: body.email,
        name: body.name,
        passwordHash: await hashPassword(body.password),
        locale: isLocale(body.locale) ? body.locale : caller.locale,
      });
      if (!user) throw new AppError("codeInvalid");
      return { user: toSessionUser(user), session: await startSession(caller, user.id) };
    },

    async login(caller: Caller, body: LoginBody, trustCookie?: string) {
      // Failures slow this address down and make the account ask for the captcha; they never
      // refuse the right password from elsewhere (sign-in-limits.ts).
      const attempt = attemptOf(caller, body.email);
      const { captchaRequired, accountAttempts } = await signIn.begin(attempt);
      if (captchaRequired) await s.captcha.verify(body.captcha);
      const user = await s.users.byEmail(caller.partner.id, body.email);
      let valid = false;
      if (user) valid = await verifyPassword(user.passwordHash, body.password);
      else await burnPasswordCheck(body.password);
      if (!user || !valid) {
        throw new AppError("credentialsInvalid", {
          captchaRequired: await signIn.failed(attempt, accountAttempts),
        });
      }
      await signIn.succeeded(attempt);
      // With two-factor sign-in on, the right password opens no session: it opens a pending
      // sign-in that waits for a code, unless this browser is one the person chose to remember.
      if ((await twoFactor.isEnabled(user.id)) && !(await twoFactor.trusts(user.id, trustCookie))) {
        return { user: null, challenge: await twoFactor.challenge(user.id) } as const;
      }
      return { user: toSessionUser(user), session: await startSession(caller, user.id) };
    },

    /** The second step: a code of the app or a recovery code for the pending sign-in. */
    async completeSignIn(
      caller: Caller,
      pending: string | undefined,
      body: { code: string; remember: boolean },
    ) {
      const meta = { ip: caller.ip, userAgent: caller.userAgent };
      const userId = await twoFactor.completeSignIn(pending, body.code, meta);
      const user = await s.users.byId(userId);
      if (!user) throw new AppError("twoFactorPendingInvalid");
      return {
        user: toSessionUser(user),
        session: await startSession(caller, user.id),
        trust: body.remember ? await twoFactor.trustCookie(user.id) : null,
      };
    },

    /**
     * On with a code of the new secret. The person's other sessions end: they were opened with the
     * password alone (docs/security.md, "Sessions").
     */
    async enableTwoFactor(caller: Caller, session: ResolvedSession, code: string) {
      const answer = await twoFactor.enable(session.user.id, code, {
        ip: caller.ip,
        userAgent: caller.userAgent,
      });
      await s.sessions.destroyAllForUser(session.user.id, session.idHash);
      sendSecurityAlert(s, caller, session.user, "twoFactorEnabled");
      return answer;
    },

    /**
     * Off with the password and a fresh code: a borrowed session alone cannot turn it off. The
     * person's other sessions end, as at a new password.
     */
    async disableTwoFactor(
      caller: Caller,
      session: ResolvedSession,
      body: { password: string; code: string },
    ) {
      const userId = session.user.id;
      await enforceLimits(s.rateStore, [{ key: `2faoff:user:${userId}`, max: 10, windowMs: 15 * MINUTE_MS }]);
      const user = await s.users.byId(userId);
      if (!user || !(await verifyPassword(user.passwordHash, body.password)))
        throw new AppError("passwordWrong");
      const answer = await twoFactor.disable(userId, body.code, {
        ip: caller.ip,
        userAgent: caller.userAgent,
      });
      await s.sessions.destroyAllForUser(userId, session.idHash);
      sendSecurityAlert(s, caller, session.user, "twoFactorDisabled");
      return answer;
    },

    /**
     * A fresh proof in this session (docs/security.md, "Step-up"): a code of the app (or a
     * recovery code) when two-factor sign-in is on, else the password, limited like a password
     * change. What needs it is then allowed for ten minutes.
     */
    async stepUp(caller: Caller, session: ResolvedSession, body: { code?: string; password?: string }) {
      const userId = session.user.id;
      const meta = { ip: caller.ip, userAgent: caller.userAgent };
      if (await twoFactor.isEnabled(userId)) {
        if (!body.code) throw new AppError("twoFactorCodeInvalid");
        await twoFactor.verify(userId, body.code, meta);
      } else {
        await enforceLimits(s.rateStore, [
          { key: `stepup:user:${userId}`, max: 10, windowMs: 15 * MINUTE_MS },
        ]);
        const user = await s.users.byId(userId);
        if (!user || !body.password || !(await verifyPassword(user.passwordHash, body.password)))
          throw new AppError("passwordWrong");
      }
      await s.sessions.markStepUp(session.idHash);
      return { until: new Date(Date.now() + STEP_UP_WINDOW_MINUTES * MINUTE_MS).toISOString() };
    },

    /** Ten new recovery codes for a code of the app; the person is told by e-mail. */
    async renewRecoveryCodes(caller: Caller, session: ResolvedSession, code: string) {
      const meta = { ip: caller.ip, userAgent: caller.userAgent };
      const answer = await twoFactor.regenerateRecoveryCodes(session.user.id, code, meta);
      sendSecurityAlert(s, caller, session.user, "recoveryCodesRenewed");
      return answer;
    },

    twoFactor,

    /**
     * Sends a reset code to a registered address; neither the answer nor its timing tells whether
     * it is one, since the look-up happens after the answer.
     */
    async sendResetCode(caller: Caller, email: string, captcha: string | undefined) {
      await codeLimits(caller, "resetcode", email, captcha);
      s.mailer.later(async () => {
        const user = await s.users.byEmail(caller.partner.id, email);
        if (!user) return;
        const code = await s.codes.issue({
          partnerId: caller.partner.id,
          email,
          purpose: "reset",
          userId: user.id,
        });
        await s.mailer.send({
          partnerId: caller.partner.id,
          site: site(caller.partner),
          to: email,
          locale: isLocale(user.locale) ? user.locale : caller.locale,
          template: "resetCode",
          params: { code },
        });
      });
      return { sent: true, resendAfterSeconds: 60 };
    },

    async resetPassword(caller: Caller, body: ForgetBody) {
      await enforceLimits(s.rateStore, [{ key: `reset:ip:${caller.ip}`, max: 20, windowMs: HOUR_MS }]);
      await s.captcha.verify(body.captcha);
      assertStrongPassword(body.password, body.email);
      await s.codes.consume({ partnerId: caller.partner.id, email: body.email, purpose: "reset" }, body.code);
      const user = await s.users.byEmail(caller.partner.id, body.email);
      if (!user) throw new AppError("codeInvalid");
      await s.users.setPassword(user.id, await hashPassword(body.password));
      await s.sessions.destroyAllForUser(user.id);
      await signIn.succeeded(attemptOf(caller, body.email));
      const locale = isLocale(user.locale) ? user.locale : caller.locale;
      await s.mailer.send({
        partnerId: caller.partner.id,
        site: site(caller.partner),
        to: user.email,
        locale,
        template: "passwordChanged",
      });
      return { reset: true };
    },

    toSessionUser,
  };
}

export type AuthService = ReturnType<typeof authService>;
