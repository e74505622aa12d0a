import { emailBody, forgetBody, loginBody, registerBody } from "@nc/contracts/auth";
import {
  type SecondFactorNeeded,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorLoginBody,
  twoFactorRecoveryCodesBody,
} from "@nc/contracts/two-factor";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { callerOf } from "../../http/caller";
import {
  clearHostCookie,
  clearSessionCookie,
  readHostCookie,
  requireSession,
  sessionToken,
  setHostCookie,
} from "../../http/context";
import { publicCallLimit } from "../../http/public-limit";
import { authService } from "./auth-service";
import { sessionRoutes } from "./session-routes";
import { PENDING_COOKIE, startSession } from "./sign-in-cookies";

/** The browser remembered for 30 days after a second factor. */
const TRUST_COOKIE = "tfa_trust";

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

  // Two-factor sign-in of the signed-in person's own account (docs/security.md, "Two-factor sign-in").
  r.get("/api/tenant/uc/2fa", async (request) =>
    ok(await auth.twoFactor.status(requireSession(request).user.id)),
  );

  r.post("/api/tenant/uc/2fa/setup", async (request) => {
    const { user } = requireSession(request);
    return ok(
      await auth.twoFactor.setup(user.id, app.services.partners.siteInfo(request.partner).name, user.email),
    );
  });

  r.post("/api/tenant/uc/2fa/enable", { schema: { body: twoFactorEnableBody } }, async (request) =>
    ok(await auth.enableTwoFactor(callerOf(request), requireSession(request), request.body.code)),
  );

  r.post("/api/tenant/uc/2fa/disable", { schema: { body: twoFactorDisableBody } }, async (request, reply) => {
    const answer = await auth.disableTwoFactor(callerOf(request), requireSession(request), request.body);
    clearHostCookie(reply, request, TRUST_COOKIE);
    return ok(answer);
  });

  r.post(
    "/api/tenant/uc/2fa/recovery-codes",
    { schema: { body: twoFactorRecoveryCodesBody } },
    async (request) =>
      ok(await auth.renewRecoveryCodes(callerOf(request), requireSession(request), request.body.code)),
  );

  r.post("/api/tenant/uc/2fa/forget-browsers", async (request, reply) => {
    const caller = callerOf(request);
    const meta = { ip: caller.ip, userAgent: caller.userAgent };
    const answer = await auth.twoFactor.forgetBrowsers(requireSession(request).user.id, meta);
    clearHostCookie(reply, request, TRUST_COOKIE);
    return ok(answer);
  });

  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.services.sessions.destroy(sessionToken(request));
    clearSessionCookie(reply, request);
    return ok(null);
  };
  r.delete("/api/_auth/session", endSession);
  await app.register(sessionRoutes);

  await app.register(async (pub) => {
    publicCallLimit(pub);
    const p = pub.withTypeProvider<ZodTypeProvider>();

    p.post("/api/tenant/pub/login", { schema: { body: loginBody } }, async (request, reply) => {
      const answer = await auth.login(callerOf(request), request.body, readHostCookie(request, TRUST_COOKIE));
      if (answer.user === null) {
        // The password was right; the code comes next, for this pending sign-in only.
        setHostCookie(reply, request, PENDING_COOKIE, answer.challenge.token, answer.challenge.expiresAt);
        const expiresAt = answer.challenge.expiresAt.toISOString();
        return ok({ user: null, twoFactorRequired: true, expiresAt } satisfies SecondFactorNeeded);
      }
      return startSession(app, request, reply, answer);
    });

    p.post("/api/tenant/pub/login/2fa", { schema: { body: twoFactorLoginBody } }, async (request, reply) => {
      const answer = await auth.completeSignIn(
        callerOf(request),
        readHostCookie(request, PENDING_COOKIE),
        request.body,
      );
      clearHostCookie(reply, request, PENDING_COOKIE);
      if (answer.trust)
        setHostCookie(reply, request, TRUST_COOKIE, answer.trust.value, answer.trust.expiresAt);
      return startSession(app, request, reply, answer);
    });

    p.post("/api/tenant/pub/logout", endSession);

    p.post("/api/tenant/pub/register/code", { schema: { body: emailBody } }, async (request) =>
      ok(await auth.sendRegisterCode(callerOf(request), request.body.email, request.body.captcha)),
    );

    p.post("/api/tenant/pub/register", { schema: { body: registerBody } }, async (request, reply) =>
      startSession(app, request, reply, await auth.register(callerOf(request), request.body), "register"),
    );

    p.post("/api/tenant/pub/forget/code", { schema: { body: emailBody } }, async (request) =>
      ok(await auth.sendResetCode(callerOf(request), request.body.email, request.body.captcha)),
    );

    p.post("/api/tenant/pub/forget", { schema: { body: forgetBody } }, async (request) =>
      ok(await auth.resetPassword(callerOf(request), request.body)),
    );
  });
}
