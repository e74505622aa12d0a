import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../core/app-error";
import type { PartnerRow, ResolvedSession } from "../core/request-context";
import { servedOverHttps } from "./public-url";

declare module "fastify" {
  interface FastifyRequest {
    partner: PartnerRow;
    session: ResolvedSession | null;
  }
}

/** Resolves the partner (by host) and the signed-in user (by cookie) once per request. */
export async function resolveRequestContext(app: FastifyInstance, request: FastifyRequest) {
  request.partner = await app.httpServices.partnerForHost(request.host);
  const session = await app.httpServices.resolveSession(sessionToken(request));
  // A session belongs to the partner site it was made on.
  request.session = session && session.user.partnerId === request.partner.id ? session : null;
}

export function registerRequestContext(app: FastifyInstance) {
  app.decorateRequest("partner", null as unknown as PartnerRow);
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/api/")) await resolveRequestContext(app, request);
  });
}

/** The signed-in session, or 40099 with HTTP 401. */
export function requireSession(request: FastifyRequest): ResolvedSession {
  if (!request.session) throw new AppError("sessionInvalid");
  return request.session;
}

/**
 * Over https the session cookie is `__Host-sid`: the browser only accepts it from this exact host
 * over https with Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot plant or
 * overwrite it. Over http (development, tests) it stays `sid`. A `sid` set before a site moved to
 * https is still read (the prefixed one wins) until it expires, and replaced at the next sign-in.
 */
const SESSION_COOKIE = "sid";

/** The session token the browser sent, under either name. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return readHostCookie(request, SESSION_COOKIE);
}

/** A cookie of this site under either name (`__Host-<name>` wins, docs/security.md). */
export function readHostCookie(request: FastifyRequest, name: string): string | undefined {
  return request.cookies[`__Host-${name}`] ?? request.cookies[name];
}

/**
 * The cookie's name and attributes for this request, as for the session cookie: `__Host-` over
 * https; over https, a left-over plain one is cleared.
 */
function hostCookie(request: FastifyRequest, reply: FastifyReply, base: string) {
  const secure = servedOverHttps(request.server, request);
  const options = { path: "/", httpOnly: true, sameSite: "lax", secure } as const;
  if (secure && request.cookies[base] !== undefined) reply.clearCookie(base, options);
  return { name: secure ? `__Host-${base}` : base, options };
}

export function setHostCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  base: string,
  value: string,
  expiresAt: Date,
) {
  const { name, options } = hostCookie(request, reply, base);
  reply.setCookie(name, value, { ...options, expires: expiresAt });
}

export function clearHostCookie(reply: FastifyReply, request: FastifyRequest, base: string) {
  const { name, options } = hostCookie(request, reply, base);
  reply.clearCookie(name, options);
}

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  expiresAt: Date,
) {
  setHostCookie(reply, request, SESSION_COOKIE, token, expiresAt);
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest) {
  clearHostCookie(reply, request, SESSION_COOKIE);
}
