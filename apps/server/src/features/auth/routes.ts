import { emailBody, forgetBody, loginBody, registerBody } from "@nc/contracts/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { callerOf } from "../../http/caller";
import { clearSessionCookie, sessionToken, setSessionCookie } from "../../http/context";
import { publicCallLimit } from "../../http/public-limit";
import { authService } from "./auth-service";

/** Session calls and the public sign-up, sign-in and reset calls (docs/architecture.md, "Decisions and why"). */
export async function authRoutes(app: FastifyInstance) {
  const auth = authService(app.services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/_auth/session", async (request) =>
    ok({
      user: request.session ? auth.toSessionUser(request.session.user) : null,
      expiresAt: request.session?.expiresAt.toISOString() ?? null,
    }),
  );

  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.services.sessions.destroy(sessionToken(request));
    clearSessionCookie(reply, request);
    return ok(null);
  };
  r.delete("/api/_auth/session", endSession);

  await app.register(async (pub) => {
    publicCallLimit(pub);
    const p = pub.withTypeProvider<ZodTypeProvider>();

    p.post("/api/tenant/pub/login", { schema: { body: loginBody } }, async (request, reply) => {
      const { user, session } = await auth.login(callerOf(request), request.body);
      // A new id at every sign-in: whatever session the browser had before is ended.
      await app.services.sessions.destroy(sessionToken(request));
      setSessionCookie(reply, request, session.token, session.expiresAt);
      return ok({ user, expiresAt: session.expiresAt.toISOString() });
    });

    p.post("/api/tenant/pub/logout", endSession);

    p.post("/api/tenant/pub/register/code", { schema: { body: emailBody } }, async (request) =>
      ok(await auth.sendRegisterCode(callerOf(request), request.body.email, request.body.captcha)),
    );

    p.post("/api/tenant/pub/register", { schema: { body: registerBody } }, async (request, reply) => {
      const { user, session } = await auth.register(callerOf(request), request.body);
      await app.services.sessions.destroy(sessionToken(request));
      setSessionCookie(reply, request, session.token, session.expiresAt);
      return ok({ user, expiresAt: session.expiresAt.toISOString() });
    });

    p.post("/api/tenant/pub/forget/code", { schema: { body: emailBody } }, async (request) =>
      ok(await auth.sendResetCode(callerOf(request), request.body.email, request.body.captcha)),
    );

    p.post("/api/tenant/pub/forget", { schema: { body: forgetBody } }, async (request) =>
      ok(await auth.resetPassword(callerOf(request), request.body)),
    );
  });
}
