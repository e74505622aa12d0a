import type { Locale } from "@nc/contracts/locales";
import type { SiteInfo } from "@nc/contracts/site";
import { translate } from "../../i18n/translate";

/** Every e-mail the product sends; texts in i18n/locales/<lang>/emails.json. */
export const EMAIL_TEMPLATES = [
  "registerCode",
  "registerExisting",
  "resetCode",
  "changeEmailCode",
  "changeEmailInUse",
  "emailChanged",
  "passwordChanged",
  "invitation",
  "confirmCode",
  "accountDeleted",
  "securityAlert",
  "securityAlertSessions",
  "autoTopUpMade",
  "autoTopUpFailed",
  "ssoDomainCode",
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function renderEmail(
  template: EmailTemplate,
  locale: Locale,
  site: SiteInfo,
  params: Record<string, string | number>,
): RenderedEmail {
  const all = { ...params, brand: site.name, support: site.email };
  const subject = translate(locale, `emails:${template}.subject`, all);
  const body = translate(locale, `emails:${template}.body`, all);
  const greeting = translate(locale, "emails:greeting", all);
  const footer = translate(locale, "emails:footer", all);
  const text = [greeting, body, "—", footer].join("\n\n");
  const paragraphs = body
    .split("\n")
    .map((line) => {
      const escaped = escapeHtml(line);
      const code = typeof params.code === "string" ? escapeHtml(params.code) : null;
      const link = typeof params.link === "string" ? escapeHtml(params.link) : null;
      if (link && escaped.includes(link))
        return `<p>${escaped.replace(link, () => `<a href="${link}">${link}</a>`)}</p>`;
      return `<p>${code ? escaped.replace(code, `<strong style="font-size:20px;letter-spacing:4px">${code}</strong>`) : escaped}</p>`;
    })
    .join("");
  const logo = /^https:\/\//.test(site.logo)
    ? `<img src="${escapeHtml(site.logo)}" alt="${escapeHtml(site.name)}" height="32">`
    : `<strong>${escapeHtml(site.name)}</strong>`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#1f2329">
<div style="max-width:560px;margin:0 auto;padding:24px">${logo}<p>${escapeHtml(greeting)}</p>${paragraphs}
<hr style="border:none;border-top:1px solid #e5e6eb"><p style="color:#86909c;font-size:12px">${escapeHtml(footer)}</p></div></body></html>`;
  return { subject, text, html };
}
