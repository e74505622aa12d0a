import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../core/app-error";
import { parseHost } from "./host";
import { servedOverHttps } from "./public-url";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route never reads the session cookie and proves its caller another way (Stripe's signed
     * webhook), so a request from another site is expected there.
     */
    crossSiteAllowed?: true;
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// The public API authenticates with Bearer keys only: a browser on another site cannot borrow them.
const PUBLIC_API = /^\/api\/v1(?:[/?]|$)/;

/**
 * Whether an Origin header names this site: PUBLIC_URL's origin, or the host the request was sent
 * to (a partner's domain or subdomain) on the same scheme. "null" (sandboxed frames, file pages)
 * and anything unreadable is another site.
 */
export function isOwnOrigin(app: FastifyInstance, request: FastifyRequest, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === "null" || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
  if (url.origin === new URL(app.httpServices.config.publicUrl).origin) return true;
  const host = parseHost(request.host);
  if (!host) return false;
  // The scheme is part of an origin both ways: a page on https is another site to one on http.
  if (url.protocol !== (servedOverHttps(app, request) ? "https:" : "http:")) return false;
  const defaultPort = url.protocol === "https:" ? 443 : 80;
  const originName = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return originName === host.name && Number(url.port || defaultPort) === (host.port ?? defaultPort);
}

/**
 * Refuses a state-changing dashboard call that a browser says came from another site: the
 * session cookie is SameSite=Lax, and this is the second barrier (docs/security.md). Fetch
 * Metadata first: our pages call the API from the same origin, so anything but "same-origin" (or
 * "none", a request the user made directly) is refused, "same-site" included, because a sibling
 * subdomain is another partner's site. Then Origin, when present, must be this site. A client that
 * sends neither header (a script, an old browser) is not a cross-site browser request and passes.
 */
export function registerCrossSiteCheck(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!request.url.startsWith("/api/") || PUBLIC_API.test(request.url)) return;
    if (request.routeOptions.config?.crossSiteAllowed) return;
    const site = request.headers["sec-fetch-site"];
    if (typeof site === "string" && site !== "same-origin" && site !== "none") {
      throw new AppError("crossSiteRequest");
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !isOwnOrigin(app, request, origin)) throw new AppError("crossSiteRequest");
  });
}
