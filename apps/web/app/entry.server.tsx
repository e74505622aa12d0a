import { PassThrough } from "node:stream";
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./shell/security/nonce";

const RENDER_TIMEOUT_MS = 10_000;
/** The per-page part of antd's styles: the design tokens and each component's variables. */
const THEME_STYLES: ("token" | "cssVar")[] = ["token", "cssVar"];
/** How React Router's <Scripts> opens each module preload link. */
const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * Renders the whole page, then puts the theme's CSS variables into <head> so the first paint is
 * styled in the visitor's colour mode and the partner's brand. antd's component rules are not
 * here: they come from the build's cached style sheet (shell/theme/antd-static-styles.ts,
 * docs/performance.md "Styles"), and with `zeroRuntime` antd registers none while rendering.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The server's per-page Content-Security-Policy nonce (docs/security.md): React Router's own
  // scripts take it from <ServerRouter>, our head script from NonceContext.
  const { nonce } = loadContext;
  return new Promise<Response>((resolve, reject) => {
    const cache = createCache();
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StyleProvider cache={cache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StyleProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => {
            const html = Buffer.concat(chunks)
              .toString("utf8")
              .replace("</head>", `${extractStyle(cache, { types: THEME_STYLES })}</head>`)
              // Scripts come after the HTML and the style sheet on a slow link (docs/performance.md,
              // "Lighthouse"); React Router's <Scripts> has no option for it.
              .replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(`<!DOCTYPE html>${html.replace(/^<!DOCTYPE html>/i, "")}`, {
                status,
                headers: responseHeaders,
              }),
            );
          });
          pipe(sink);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS);
  });
}

/** Errors while rendering are logged; crawlers get the logged error only, never a stack (docs/architecture.md, "Decisions and why"). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const bot = isbot(request.headers.get("user-agent") ?? "");
  console.error(bot ? "render error (crawler)" : "render error", error);
}
