import type { SessionUser } from "@nc/contracts/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ok } from "../../core/envelope";
import { sessionToken, setSessionCookie } from "../../http/context";
import { rememberDevice } from "./known-devices";

/**
 * The pending sign-in of the password step, waiting for its second factor: a code or a passkey
 * ends it, so both sign-in routes read the same cookie (docs/security.md, "Two-factor sign-in").
 */
export const PENDING_COOKIE = "tfa";

/**
 * A new session id at every sign-in, whatever the way in: the session the browser had before is
 * ended. The device is remembered, and a sign-in from a new one is told by e-mail.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { user, session }: { user: SessionUser; session: { token: string; expiresAt: Date } },
  how: "signIn" | "register" = "signIn",
) {
  await app.services.sessions.destroy(sessionToken(request));
  setSessionCookie(reply, request, session.token, session.expiresAt);
  await rememberDevice(app, request, reply, user, how);
  return ok({ user, expiresAt: session.expiresAt.toISOString() });
}
