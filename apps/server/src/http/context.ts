import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ResolvedSession, SESSION_COOKIE } from "../features/auth/session-service";
import type { PartnerRow } from "../features/partner/partner-repo";
import type { Services } from "../services";
import { AppError } from "./app-error";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    partner: PartnerRow;
    session: ResolvedSession | null;
  }
}

/** Resolves the partner (by host) and the signed-in user (by cookie) once per request. */
export async function resolveRequestContext(app: FastifyInstance, request: FastifyRequest) {
  request.partner = await app.services.partners.forHost(request.host);
  const session = await app.services.sessions.resolve(request.cookies[SESSION_COOKIE]);
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

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest) {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
  });
}
