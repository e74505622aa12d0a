import type { Profile } from "@nc/contracts/auth";
import { isLocale, type Locale } from "@nc/contracts/locales";
import { AppError } from "../../core/app-error";
import type { Caller, ResolvedSession } from "../../core/request-context";
import { HOUR_MS, MINUTE_MS } from "../../core/time";
import type { Services } from "../../services";
import type { UserRow } from "../auth/index";
import { assertStrongPassword, hashPassword, verifyPassword } from "../auth/index";
import { enforceLimits } from "../rate-limit/index";

function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    locale: user.locale,
    createdAt: user.createdAt.toISOString(),
    passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
  };
}

/** The signed-in user's own account: profile, password, e-mail address. */
export function userService(s: Services) {
  async function current(session: ResolvedSession): Promise<UserRow> {
    const user = await s.users.byId(session.user.id);
    if (!user) throw new AppError("sessionInvalid");
    return user;
  }
  const mailLocale = (user: UserRow, caller: Caller) => (isLocale(user.locale) ? user.locale : caller.locale);

  return {
    profile: async (session: ResolvedSession) => toProfile(await current(session)),

    async updateProfile(session: ResolvedSession, patch: { name?: string; locale?: Locale }) {
      // An update with nothing to set is an error in drizzle; answer the profile as it is.
      if (patch.name === undefined && patch.locale === undefined) return toProfile(await current(session));
      const [user] = await s.users.update(session.user.id, patch);
      return toProfile(user!);
    },

    async changePassword(caller: Caller, session: ResolvedSession, password: string, newPassword: string) {
      await enforceLimits(s.rateStore, [
        { key: `chpw:user:${session.user.id}`, max: 10, windowMs: 15 * MINUTE_MS },
      ]);
      const user = await current(session);
      if (!(await verifyPassword(user.passwordHash, password))) throw new AppError("passwordWrong");
      assertStrongPassword(newPassword, user.email);
      await s.users.setPassword(user.id, await hashPassword(newPassword));
      await s.sessions.destroyAllForUser(user.id, session.idHash);
      await s.mailer.send({
        partnerId: caller.partner.id,
        site: s.partners.siteInfo(caller.partner),
        to: user.email,
        locale: mailLocale(user, caller),
        template: "passwordChanged",
      });
      return { changed: true };
    },

    /** Sends a code to the new address; an address taken by another account is told so instead, after the answer. */
    async sendChangeEmailCode(caller: Caller, session: ResolvedSession, email: string) {
      const user = await current(session);
      if (email === user.email) throw new AppError("emailUnchanged");
      await enforceLimits(s.rateStore, [
        { key: `chmail:user:${user.id}`, max: 5, windowMs: HOUR_MS },
        { key: `chmail:email:min:${caller.partner.id}:${email}`, max: 1, windowMs: MINUTE_MS },
      ]);
      // After the answer, so its timing does not tell whether another account holds the address.
      s.mailer.later(async () => {
        const taken = await s.users.byEmail(caller.partner.id, email);
        const mail = {
          partnerId: caller.partner.id,
          site: s.partners.siteInfo(caller.partner),
          to: email,
          locale: mailLocale(user, caller),
        };
        if (taken) {
          await s.mailer.send({ ...mail, template: "changeEmailInUse" });
        } else {
          const code = await s.codes.issue({
            partnerId: caller.partner.id,
            email,
            purpose: "change_email",
            userId: user.id,
          });
          await s.mailer.send({ ...mail, template: "changeEmailCode", params: { code } });
        }
      });
      return { sent: true, resendAfterSeconds: 60 };
    },

    async changeEmail(caller: Caller, session: ResolvedSession, email: string, code: string) {
      const user = await current(session);
      await s.codes.consume(
        { partnerId: caller.partner.id, email, purpose: "change_email", userId: user.id },
        code,
      );
      if (!(await s.users.setEmail(user.id, email))) throw new AppError("codeInvalid");
      await s.mailer.send({
        partnerId: caller.partner.id,
        site: s.partners.siteInfo(caller.partner),
        to: user.email,
        locale: mailLocale(user, caller),
        template: "emailChanged",
        params: { email },
      });
      return toProfile({ ...user, email });
    },

    tenantCount: async (session: ResolvedSession) => ({ count: await s.users.tenantCount(session.user.id) }),
  };
}
