import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import { pagePolicy } from "../../http/security-headers";
import { WEB_ROOT } from "../../paths";
import { sendFetchResponse, toFetchRequest, writeToNode } from "./fetch-bridge";
import { failedPageContext, pageContext } from "./page-context";

type Render = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * A page's context; when the brand, session or organisation cannot be loaded (the database is
 * unreachable), the failure is logged and the page is rendered as the server-error page in the
 * visitor's language, never answered with the API's JSON error (docs/architecture.md, "Decisions and why").
 */
async function contextOrFailure(app: FastifyInstance, request: FastifyRequest) {
  try {
    return await pageContext(app, request);
  } catch (error) {
    request.log.error({ err: error }, "site info load failed");
    return failedPageContext(app, request);
  }
}

export type WebMode = "production" | "development" | "none";

/** Pages: the built React Router app (production), Vite in middleware mode (development), or none (API tests). */
export async function registerWeb(app: FastifyInstance, mode: WebMode): Promise<Render | null> {
  if (mode === "none") return null;
  const { createRequestHandler } = await import("react-router");

  const render = (getBuild: () => Promise<ServerBuild>, buildMode: string): Render => {
    const handle = createRequestHandler(getBuild, buildMode);
    return async (request, reply) => {
      const context = await contextOrFailure(app, request);
      const response = await handle(toFetchRequest(request), context as never);
      reply.header("Content-Security-Policy", pagePolicy(context.nonce, "production"));
      // Lets Chromium tell the server the system colour scheme on its next requests, so "system"
      // pages carry one scheme's variables. Not `Critical-CH`: that made a first visit load the page
      // twice; a page without the hint carries both schemes' variables (docs/architecture.md,
      // "Colour mode").
      reply.header("Accept-CH", "Sec-CH-Prefers-Color-Scheme");
      reply.header("Vary", "Sec-CH-Prefers-Color-Scheme, Cookie");
      return sendFetchResponse(reply, response);
    };
  };

  if (mode === "production") {
    const serverEntry = join(WEB_ROOT, "build/server/index.js");
    if (!existsSync(serverEntry)) {
      throw new Error(`The web build is missing (${serverEntry}). Run "npm run build" first.`);
    }
    // Loaded on the first page request, not at start: a server that only answers the API never
    // holds the pages' code (React, the UI library, every route: docs/performance.md, "Server memory
    // on the embedded database").
    let build: Promise<ServerBuild> | undefined;
    const loadBuild = () =>
      (build ??= (import(pathToFileURL(serverEntry).href) as Promise<ServerBuild>).catch((error) => {
        // Tried again by the next page request rather than failing every page until a restart.
        build = undefined;
        throw error;
      }));
    const { default: fastifyStatic } = await import("@fastify/static");
    await app.register(fastifyStatic, {
      root: join(WEB_ROOT, "build/client"),
      wildcard: false,
      index: false,
      // The web build writes a .br and a .gz copy next to each script and style
      // (apps/web/scripts/precompress.mjs): the one the caller's Accept-Encoding takes is sent as
      // it is, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        // File names under assets/ carry a content hash, so they never change.
        res.header(
          "Cache-Control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
    return render(loadBuild, "production");
  }

  const vite = await import("vite");
  const server = await vite.createServer({
    root: WEB_ROOT,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: "custom",
  });
  app.addHook("onClose", () => server.close());
  const handle = createRequestHandler(
    () => server.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    "development",
  );
  return async (request, reply) => {
    const context = await contextOrFailure(app, request);
    // Vite answers its own modules and assets on the raw response; whatever it passes on is a page.
    reply.hijack();
    reply.raw.setHeader("Content-Security-Policy", pagePolicy(context.nonce, "development"));
    server.middlewares(request.raw, reply.raw, async () => {
      try {
        await writeToNode(reply.raw, await handle(toFetchRequest(request), context as never));
      } catch (error) {
        server.ssrFixStacktrace(error as Error);
        request.log.error({ err: error }, "page render failed");
        reply.raw.statusCode = 500;
        reply.raw.end(String((error as Error).stack ?? error));
      }
    });
  };
}
