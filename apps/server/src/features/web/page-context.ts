import { LOCALE_COOKIE } from "@nc/contracts/locales";
import { COLOR_MODE_COOKIE, COLOR_MODES, type ColorMode, type PageContext } from "@nc/contracts/site";
import { TENANT_HEADER } from "@nc/contracts/tenancy";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { resolveRequestContext } from "../../http/context";
import { publicUrlFor } from "../../http/public-url";
import { newNonce } from "../../http/security-headers";
import { authService } from "../auth/index";
import { activeTenantFor } from "../tenant/index";

/** What the page renderer needs to know about a request (brand, user, preferences). */
export async function pageContext(app: FastifyInstance, request: FastifyRequest): Promise<PageContext> {
  await resolveRequestContext(app, request);
  const session = request.session;
  const active = session
    ? await activeTenantFor(app.services.database.db, request, session.user.id)
    : { tenant: null, tenantCount: 0, tenantAutoSelected: false };
  // A GET of the API in-process, as this visitor (session, active organisation, host, address).
  const askApi = (path: string) => {
    const tenantId = active.tenant?.tenant.id;
    return app.inject({
      method: "GET",
      url: path,
      headers: { ...forwarded(request), ...(tenantId ? { [TENANT_HEADER]: tenantId } : {}) },
      remoteAddress: request.ip,
    });
  };
  return {
    ...requestPreferences(app, request),
    ...active,
    site: app.services.partners.siteInfo(request.partner),
    user: session ? authService(app.services).toSessionUser(session.user) : null,
    publicUrl: publicUrlFor(app, request),
    siteInfoFailed: false,
    apiStatus: async (path) => (await askApi(path)).statusCode,
    apiJson: async <T>(path: string) => {
      const answer = await askApi(path);
      const body = answer.statusCode === 200 ? (answer.json() as { code: number; data: T }) : null;
      return { status: answer.statusCode, data: body?.code === 0 ? body.data : null };
    },
  };
}

/**
 * The context of a page whose site information (brand, session, organisation) could not be loaded,
 * for instance with the database unreachable: the configured default brand, nobody signed in, and
 * `siteInfoFailed`, on which the pages answer the server-error page (docs/architecture.md, pages).
 */
export function failedPageContext(app: FastifyInstance, request: FastifyRequest): PageContext {
  return {
    ...requestPreferences(app, request),
    tenant: null,
    tenantCount: 0,
    tenantAutoSelected: false,
    site: app.services.partners.siteInfo(undefined),
    user: null,
    publicUrl: app.services.config.publicUrl,
    siteInfoFailed: true,
    apiStatus: async () => 503,
    apiJson: async () => ({ status: 503, data: null }),
  };
}

type RequestPreferences = Pick<
  PageContext,
  | "lookupSandbox"
  | "colorMode"
  | "systemScheme"
  | "cookieLocale"
  | "acceptLanguage"
  | "userAgent"
  | "captchaEnabled"
  | "themeEditorEnabled"
  | "nonce"
>;

/** What a page takes from the request and the configuration alone, with no database. */
function requestPreferences(app: FastifyInstance, request: FastifyRequest): RequestPreferences {
  const cookieMode = request.cookies[COLOR_MODE_COOKIE] as ColorMode | undefined;
  const hint = request.headers["sec-ch-prefers-color-scheme"];
  return {
    lookupSandbox: app.services.lookup.sandbox,
    colorMode: cookieMode && COLOR_MODES.includes(cookieMode) ? cookieMode : "system",
    systemScheme: hint === "dark" || hint === "light" ? hint : null,
    cookieLocale: request.cookies[LOCALE_COOKIE] ?? null,
    acceptLanguage: request.headers["accept-language"] ?? null,
    userAgent: request.headers["user-agent"] ?? "",
    captchaEnabled: app.services.captcha.enabled,
    themeEditorEnabled: app.services.config.THEME_EDITOR_ENABLED,
    nonce: newNonce(),
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
