import type { SsoPopupMessage } from "@nc/contracts/sso";
import type { FastifyReply } from "fastify";
import { newNonce } from "../../http/security-headers";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The page the identity provider sends the browser back to (docs/security.md, "Single sign-on").
 * In the popup it posts the outcome to the window that opened it, only to this site's own origin
 * (the opener checks the sender's origin too), and closes; without an opener (a full redirect, or
 * a provider whose opener policy cut the link) it goes on to `next` when signed in, else shows
 * the reason with a way back to the sign-in page. Its one inline script runs under a nonce.
 */
export function sendCallbackPage(
  reply: FastifyReply,
  input: {
    message: SsoPopupMessage;
    origin: string;
    next: string;
    back: string;
    backLabel: string;
    lang: string;
  },
) {
  const nonce = newNonce();
  const data = JSON.stringify({ message: input.message, origin: input.origin, next: input.next }).replace(
    /</g,
    "\\u003c",
  );
  const script = `(function(){var d=${data};var o=window.opener;
if(o&&!o.closed){try{o.postMessage(d.message,d.origin);window.close();return;}catch(e){}}
if(d.message.ok)window.location.replace(d.next);})();`;
  const body = input.message.ok
    ? ""
    : `<p role="alert">${escapeHtml(input.message.message)}</p><p><a href="${escapeHtml(input.back)}">${escapeHtml(input.backLabel)}</a></p>`;
  return reply
    .header(
      "Content-Security-Policy",
      `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    .header("Cache-Control", "no-store")
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="${escapeHtml(input.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.backLabel)}</title></head><body style="font-family:system-ui,sans-serif;padding:24px">${body}<script nonce="${nonce}">${script}</script></body></html>`,
    );
}
