import { isLocale, localizePath } from "@nc/contracts/locales";
import {
  ssoDomainBody,
  ssoDomainCodeBody,
  ssoDomainEmailBody,
  ssoSettingsBody,
  ssoStartBody,
} from "@nc/contracts/sso";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../core/app-error";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { callerOf } from "../../http/caller";
import {
  clearHostCookie,
  readHostCookie,
  requireSession,
  resolveRequestContext,
  setHostCookie,
} from "../../http/context";
import { parseHost } from "../../http/host";
import { publicCallLimit } from "../../http/public-limit";
import { servedOverHttps } from "../../http/public-url";
import { requireTenant } from "../../http/tenant-context";
import { translate } from "../../i18n/translate";
import { startSession } from "../auth/index";
import { sendCallbackPage } from "./callback-page";
import { ssoSettingsService } from "./sso-settings-service";
import { ssoSignInService } from "./sso-sign-in-service";

/** The attempt under way, between the start and the identity provider's answer. */
const ATTEMPT_COOKIE = "sso";
/** Where the identity provider sends the browser back: a page of this site, not an API answer. */
export const SSO_CALLBACK_PATH = "/sso/callback";

const params = z.object({ id: z.string().max(64) });
const domainParams = z.object({ id: z.string().max(64), domainId: z.uuid() });

/**
 * This site's origin as the browser sees it, on the host the request came on (already checked by
 * http/host.ts): a partner's own domain gets its own callback, where its session cookie belongs.
 */
function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  const host = parseHost(request.host);
  const name = host?.name ?? new URL(app.httpServices.config.publicUrl).hostname;
  const scheme = servedOverHttps(app, request) ? "https" : "http";
  return new URL(`${scheme}://${name}${host?.port ? `:${host.port}` : ""}`).origin;
}
const redirectUriFor = (app: FastifyInstance, request: FastifyRequest) =>
  `${siteOrigin(app, request)}${SSO_CALLBACK_PATH}`;

/** Single sign-on: the Owner's settings and domain proofs, and the sign-in (docs/security.md, "Single sign-on"). */
export async function ssoRoutes(app: FastifyInstance) {
  const settings = ssoSettingsService(app.services);
  const signIn = ssoSignInService(app.services, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = { tenant: { param: "id" }, permissions: ["tenant_security:update"] } as const;
  const change = { ...owner, stepUp: true } as const;

  r.get("/api/tenant/s/:id/sso", { schema: { params }, config: owner }, async (request) =>
    ok(await settings.view(requireTenant(request), callerOf(request), redirectUriFor(app, request))),
  );

  r.post(
    "/api/tenant/s/:id/sso",
    { schema: { params, body: ssoSettingsBody }, config: change },
    async (request) =>
      ok(
        await settings.configure(
          requireTenant(request),
          requireSession(request),
          request.body,
          auditMeta(request),
        ),
      ),
  );

  r.post(
    "/api/tenant/s/:id/sso/domains",
    { schema: { params, body: ssoDomainBody }, config: change },
    async (request) =>
      ok(
        await settings.addDomain(
          requireTenant(request),
          callerOf(request),
          request.body.domain,
          auditMeta(request),
        ),
      ),
  );

  r.delete(
    "/api/tenant/s/:id/sso/domains/:domainId",
    { schema: { params: domainParams }, config: change },
    async (request) =>
      ok(await settings.removeDomain(requireTenant(request), request.params.domainId, auditMeta(request))),
  );

  r.post(
    "/api/tenant/s/:id/sso/domains/:domainId/dns",
    { schema: { params: domainParams }, config: change },
    async (request) =>
      ok(
        await settings.proveByDns(
          requireTenant(request),
          callerOf(request),
          request.params.domainId,
          auditMeta(request),
        ),
      ),
  );

  r.post(
    "/api/tenant/s/:id/sso/domains/:domainId/email",
    { schema: { params: domainParams, body: ssoDomainEmailBody }, config: change },
    async (request) => {
      await app.httpServices.enforceLimits([
        { key: `sso-domain-mail:${request.params.domainId}`, max: 5, windowMs: 3_600_000 },
      ]);
      return ok(
        await settings.sendCode(
          requireTenant(request),
          callerOf(request),
          request.params.domainId,
          request.body.local,
        ),
      );
    },
  );

  r.post(
    "/api/tenant/s/:id/sso/domains/:domainId/code",
    { schema: { params: domainParams, body: ssoDomainCodeBody }, config: change },
    async (request) =>
      ok(
        await settings.proveByCode(
          requireTenant(request),
          request.params.domainId,
          request.body.code,
          auditMeta(request),
        ),
      ),
  );

  await app.register(async (pub) => {
    publicCallLimit(pub, 30);
    const p = pub.withTypeProvider<ZodTypeProvider>();

    p.post("/api/tenant/pub/sso/start", { schema: { body: ssoStartBody } }, async (request, reply) => {
      const started = await signIn.start(
        callerOf(request),
        request.body.email.trim().toLowerCase(),
        request.body.popup,
        redirectUriFor(app, request),
      );
      setHostCookie(reply, request, ATTEMPT_COOKIE, started.cookie.token, started.cookie.expiresAt);
      return ok({ url: started.url });
    });

    // A page, not an API answer: the browser arrives here from the identity provider.
    p.get(SSO_CALLBACK_PATH, async (request, reply) => {
      // Outside /api/, so the partner of the host is read here (http/context.ts does it for /api/).
      await resolveRequestContext(app, request);
      const caller = callerOf(request);
      const origin = siteOrigin(app, request);
      const token = readHostCookie(request, ATTEMPT_COOKIE);
      clearHostCookie(reply, request, ATTEMPT_COOKIE);
      const locale = isLocale(caller.locale) ? caller.locale : "en";
      const page = {
        origin,
        next: localizePath("/dashboard", locale),
        back: localizePath("/login", locale),
        backLabel: translate(locale, "documents:ssoCallback.back"),
        lang: locale,
      };
      try {
        const signedIn = await signIn.complete(caller, token, new URL(request.url, origin));
        await startSession(app, request, reply, signedIn);
        if (!signedIn.popup) return reply.redirect(page.next, 303);
        return sendCallbackPage(reply, {
          ...page,
          message: { type: "nc-sso", ok: true, code: 0, message: "" },
        });
      } catch (caught) {
        // The popup must hear of a failure whatever it was, in the person's language.
        if (!(caught instanceof AppError)) request.log.error({ err: caught }, "single sign-on failed");
        const error = caught instanceof AppError ? caught : new AppError("internal");
        const message = translate(locale, `errors:${error.key}`, error.params);
        reply.status(error.status === 200 ? 400 : error.status);
        return sendCallbackPage(reply, {
          ...page,
          message: { type: "nc-sso", ok: false, code: error.code, message },
        });
      }
    });
  });
}
