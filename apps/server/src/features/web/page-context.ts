import { LOCALE_COOKIE } from "@nc/contracts/locales";
import { COLOR_MODE_COOKIE, COLOR_MODES, type ColorMode, type PageContext } from "@nc/contracts/site";
import { TENANT_HEADER } from "@nc/contracts/tenancy";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { resolveRequestContext } from "../../http/context";
import { publicUrlFor } from "../../http/public-url";
import { newNonce } from "../../http/security-headers";
import { authService } from "../auth/auth-service";
import { activeTenantFor } from "../tenant/active-tenant";

/** What the page renderer needs to know about a request (brand, user, preferences). */
export async function pageContext(app: FastifyInstance, request: FastifyRequest): Promise<PageContext> {
  await resolveRequestContext(app, request);
  const cookieMode = request.cookies[COLOR_MODE_COOKIE] as ColorMode | undefined;
  const hint = request.headers["sec-ch-prefers-color-scheme"];
  const session = request.session;
  const active = session
    ? await activeTenantFor(app.services.database.db, request, session.user.id)
    : { tenant: null, tenantCount: 0, tenantAutoSelected: false };
  return {
    ...active,
    lookupSandbox: app.services.lookup.sandbox,
    site: app.services.partners.siteInfo(request.partner),
    user: session ? authService(app.services).toSessionUser(session.user) : null,
    colorMode: cookieMode && COLOR_MODES.includes(cookieMode) ? cookieMode : "system",
    systemScheme: hint === "dark" || hint === "light" ? hint : null,
    cookieLocale: request.cookies[LOCALE_COOKIE] ?? null,
    acceptLanguage: request.headers["accept-language"] ?? null,
    userAgent: request.headers["user-agent"] ?? "",
    captchaEnabled: app.services.captcha.enabled,
    themeEditorEnabled: app.services.config.THEME_EDITOR_ENABLED,
    publicUrl: publicUrlFor(app, request),
    nonce: newNonce(),
    apiStatus: async (path) => {
      const tenantId = active.tenant?.tenant.id;
      const answer = await app.inject({
        method: "GET",
        url: path,
        headers: {
          ...forwarded(request),
          ...(tenantId ? { [TENANT_HEADER]: tenantId } : {}),
        },
        remoteAddress: request.ip,
      });
      return answer.statusCode;
    },
  };
}

/** What the API reads of a page request to know who asks and through which brand. */
const FORWARDED = [
  "cookie",
  "host",
  "user-agent",
  "accept-language",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
];
const forwarded = (request: FastifyRequest): Record<string, string> =>
  Object.fromEntries(
    FORWARDED.flatMap((name) => {
      const value = request.headers[name];
      return typeof value === "string" ? [[name, value]] : [];
    }),
  );
