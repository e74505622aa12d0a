import { isLocale, localizePath } from "@nc/contracts/locales";
import type { Caller } from "../../core/request-context";
import { translate } from "../../i18n/translate";
import type { Services } from "../../services";
import { describeUserAgent } from "./user-agent";

/** What an alert can say happened (docs/security.md, "Sign-in alerts"). */
export type AlertKind =
  | "twoFactorEnabled"
  | "twoFactorDisabled"
  | "recoveryCodesRenewed"
  | "apiKeyCreated"
  | "passkeyAdded"
  | "passkeyRemoved"
  | "newDeviceSignIn";

/**
 * An e-mail to the person when something that guards their account changed: what, when (UTC),
 * from where (address, browser and system) and what to do if it was not them. Sent after the
 * answer, so the change never waits for the mail and a mail failure never undoes it. With a link
 * (a sign-in from a new device), the mail points at the page that lists the person's sessions.
 */
export function sendSecurityAlert(
  s: Pick<Services, "mailer" | "partners">,
  caller: Caller,
  user: { email: string; locale: string | null },
  kind: AlertKind,
  params: Record<string, string> = {},
  link?: { origin: string; path: string },
) {
  const locale = isLocale(user.locale) ? user.locale : caller.locale;
  const device = describeUserAgent(caller.userAgent);
  const where = [caller.ip, [device.browser, device.os].filter(Boolean).join(", ")]
    .filter(Boolean)
    .join(" · ");
  const when = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
  s.mailer.later(() =>
    s.mailer.send({
      partnerId: caller.partner.id,
      site: s.partners.siteInfo(caller.partner),
      to: user.email,
      locale,
      template: link ? "securityAlertSessions" : "securityAlert",
      params: {
        what: translate(locale, `emails:alerts.${kind}`, params),
        when,
        where,
        ...(link && { link: `${link.origin}${localizePath(link.path, locale)}` }),
      },
    }),
  );
}
