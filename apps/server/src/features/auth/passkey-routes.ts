import {
  passkeyIdParams,
  passkeyRegisterBody,
  passkeyRenameBody,
  passkeySignInBody,
} from "@nc/contracts/passkeys";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { callerOf } from "../../http/caller";
import { clearHostCookie, readHostCookie, requireSession, setHostCookie } from "../../http/context";
import { parseHost } from "../../http/host";
import { publicCallLimit } from "../../http/public-limit";
import { servedOverHttps } from "../../http/public-url";
import { passkeyService, type RelyingParty } from "./passkey-service";
import { PENDING_COOKIE, startSession } from "./sign-in-cookies";

/** The challenge of the passkey request under way. */
const CHALLENGE_COOKIE = "pk";

/**
 * The relying party is the host the request came on, as the browser sees it: a partner's own
 * domain is its own relying party (docs/security.md, "Passkeys"). The host was checked before any
 * route ran (http/host.ts).
 */
function relyingParty(app: FastifyInstance, request: FastifyRequest): RelyingParty {
  const host = parseHost(request.host);
  const id = host?.name ?? new URL(app.httpServices.config.publicUrl).hostname;
  const scheme = servedOverHttps(app, request) ? "https" : "http";
  const origin = new URL(`${scheme}://${id}${host?.port ? `:${host.port}` : ""}`).origin;
  return { id, origin, name: app.services.partners.siteInfo(request.partner).name };
}

/** Passkeys of the signed-in person, and sign-in with one (docs/security.md, "Passkeys"). */
export async function passkeyRoutes(app: FastifyInstance) {
  const passkeys = passkeyService(app.services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const challenged = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    made: { options: T; cookie: { token: string; expiresAt: Date } },
  ) => {
    setHostCookie(reply, request, CHALLENGE_COOKIE, made.cookie.token, made.cookie.expiresAt);
    return ok(made.options);
  };
  /** The challenge is spent whatever the answer was: the cookie goes with it. */
  const challengeToken = (request: FastifyRequest, reply: FastifyReply) => {
    clearHostCookie(reply, request, CHALLENGE_COOKIE);
    return readHostCookie(request, CHALLENGE_COOKIE);
  };

  r.get("/api/tenant/uc/passkeys", async (request) =>
    ok(await passkeys.list(requireSession(request).user.id)),
  );

  r.post("/api/tenant/uc/passkeys/options", async (request, reply) =>
    challenged(
      request,
      reply,
      await passkeys.registrationOptions(requireSession(request).user, relyingParty(app, request)),
    ),
  );

  r.post("/api/tenant/uc/passkeys", { schema: { body: passkeyRegisterBody } }, async (request, reply) => {
    const { user } = requireSession(request);
    const token = challengeToken(request, reply);
    return ok(
      await passkeys.register(callerOf(request), user.id, relyingParty(app, request), token, request.body),
    );
  });

  r.patch(
    "/api/tenant/uc/passkeys/:id",
    { schema: { params: passkeyIdParams, body: passkeyRenameBody } },
    async (request) =>
      ok(
        await passkeys.rename(
          callerOf(request),
          requireSession(request).user.id,
          request.params.id,
          request.body.name,
        ),
      ),
  );

  r.delete("/api/tenant/uc/passkeys/:id", { schema: { params: passkeyIdParams } }, async (request) =>
    ok(await passkeys.remove(callerOf(request), requireSession(request).user.id, request.params.id)),
  );

  await app.register(async (pub) => {
    publicCallLimit(pub);
    const p = pub.withTypeProvider<ZodTypeProvider>();

    p.post("/api/tenant/pub/login/passkey/options", async (request, reply) =>
      challenged(request, reply, await passkeys.signInOptions(callerOf(request), relyingParty(app, request))),
    );

    p.post("/api/tenant/pub/login/passkey", { schema: { body: passkeySignInBody } }, async (request, reply) =>
      startSession(
        app,
        request,
        reply,
        await passkeys.signIn(
          callerOf(request),
          relyingParty(app, request),
          challengeToken(request, reply),
          request.body.response,
        ),
      ),
    );

    p.post("/api/tenant/pub/login/2fa/passkey/options", async (request, reply) => {
      const pending = readHostCookie(request, PENDING_COOKIE);
      return challenged(
        request,
        reply,
        await passkeys.secondFactorOptions(pending, relyingParty(app, request)),
      );
    });

    // The pending sign-in of the password step ends here, as with a code.
    p.post(
      "/api/tenant/pub/login/2fa/passkey",
      { schema: { body: passkeySignInBody } },
      async (request, reply) => {
        const pending = readHostCookie(request, PENDING_COOKIE);
        const token = challengeToken(request, reply);
        const caller = callerOf(request);
        const answer = await passkeys.completeSecondFactor(
          caller,
          relyingParty(app, request),
          pending,
          token,
          request.body.response,
        );
        clearHostCookie(reply, request, PENDING_COOKIE);
        return startSession(app, request, reply, answer);
      },
    );
  });
}
