import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseHost } from "./host";

/**
 * The site's own origin for links (pages, e-mails, payment return addresses): the partner's
 * configured domain when the request came in on exactly that domain, else PUBLIC_URL. Nothing of
 * the request's Host header goes into the link: a partner's domain is served with PUBLIC_URL's
 * scheme and port, so `Host: checks.acme.test:@evil.example` (refused anyway by http/host.ts) or a
 * stray port cannot steer where a link points (docs/security.md).
 */
export function publicUrlFor(app: FastifyInstance, request: FastifyRequest): string {
  const { publicUrl } = app.httpServices.config;
  const domain = request.partner.domain?.toLowerCase();
  if (!domain || parseHost(request.host)?.name !== domain) return publicUrl;
  return siteUrl(publicUrl, domain);
}

/**
 * A partner's site origin for links made without a request (a background e-mail): its configured
 * domain with PUBLIC_URL's scheme and port, or PUBLIC_URL for a partner without one.
 */
export function siteUrl(publicUrl: string, domain: string | null | undefined): string {
  const name = domain?.toLowerCase();
  if (!name) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = name;
  // The URL setter ignores a value that is not a host name: then the link stays on PUBLIC_URL.
  return url.hostname === name ? url.toString().replace(/\/$/, "") : publicUrl;
}

/**
 * Whether the browser reached the site over https: the connection itself or a trusted proxy's
 * X-Forwarded-Proto (TRUST_PROXY), or an https PUBLIC_URL (a proxy that terminates TLS without
 * being trusted). Decides HSTS and the __Host- session cookie.
 */
export function servedOverHttps(app: FastifyInstance, request: FastifyRequest): boolean {
  return request.protocol === "https" || app.httpServices.config.publicUrl.startsWith("https:");
}

/**
 * The origin the client asked for, rebuilt from the parsed host (never the raw header): for the
 * page renderer's request URL and the API document's server, which answer only the caller
 * itself, so a reader on a partner's subdomain tries requests on the same origin.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = parseHost(request.host);
  const scheme = request.protocol === "https" ? "https" : "http";
  if (!host) return `${scheme}://localhost`;
  const name = host.name.includes(":") ? `[${host.name}]` : host.name;
  return `${scheme}://${name}${host.port === null ? "" : `:${host.port}`}`;
}
