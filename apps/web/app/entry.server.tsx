import { PassThrough } from "node:stream";
import { createCache, StyleProvider } from "@ant-design/cssinjs";
import { isbot } from "isbot";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { formattedMoneyScript, recordingFormattedMoney } from "./shell/money/formatted-money.server";
import { scriptsAfterPaint, startsScriptsAfterPaint } from "./shell/scripts-after-paint.server";
import { NonceContext } from "./shell/security/nonce";
import { ServerSchemeContext } from "./shell/theme/color-mode";
import { darkStylesFor } from "./shell/theme/other-scheme-styles.server";
import { themeStylesOf } from "./shell/theme/theme-styles.server";

const RENDER_TIMEOUT_MS = 10_000;
/** How React Router's <Scripts> opens each module preload link. */
const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * Renders the whole page, then puts the theme's CSS variables into <head> so the first paint is
 * styled in the visitor's colour mode and the partner's brand. antd's component rules are not
 * here: they come from the build's cached style sheet (shell/theme/antd-static-styles.ts,
 * docs/performance.md "Styles"), and with `zeroRuntime` antd registers none while rendering.
 * When the visitor's scheme is unknown, the dark variables come too (other-scheme-styles.server.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The server's per-page Content-Security-Policy nonce (docs/security.md): React Router's own
  // scripts take it from <ServerRouter>, our head script from NonceContext.
  const { nonce } = loadContext;
  const page = (cache: ReturnType<typeof createCache>, scheme: "dark" | null, context: EntryContext) => (
    <NonceContext.Provider value={nonce}>
      <ServerSchemeContext.Provider value={scheme}>
        <StyleProvider cache={cache}>
          <ServerRouter context={context} url={request.url} nonce={nonce} />
        </StyleProvider>
      </ServerSchemeContext.Provider>
    </NonceContext.Provider>
  );
  const cache = createCache();
  // The amounts it formats go to the browser with it, for hydration to reuse (formatted-money.server.ts).
  const { result: rendered, amounts } = await recordingFormattedMoney(() =>
    render(page(cache, null, routerContext), nonce),
  );
  const lightCss = themeStylesOf(cache);
  const schemeUnknown = loadContext.colorMode === "system" && !loadContext.systemScheme;
  const darkCss = schemeUnknown
    ? await darkStylesFor(lightCss, async () => {
        const darkCache = createCache();
        // The same page again, dark, only for its theme variables: without the loader data's
        // stream, which the first rendering has read and sent.
        await render(page(darkCache, "dark", { ...routerContext, serverHandoffStream: undefined }), nonce);
        return themeStylesOf(darkCache, true);
      }).catch((error) => {
        // The page still works without them: dark once its scripts run, as in any browser before.
        console.error("dark theme variables", error);
        return "";
      })
    : "";
  const styled = rendered.html.replace(
    "</head>",
    `${lightCss}${darkCss}${formattedMoneyScript(amounts, nonce)}</head>`,
  );
  const html = (
    startsScriptsAfterPaint(new URL(request.url).pathname) ? scriptsAfterPaint(styled, nonce) : styled
  )
    // Scripts come after the HTML and the style sheet on a slow link (docs/performance.md,
    // "Lighthouse"); React Router's <Scripts> has no option for it.
    .replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html.replace(/^<!DOCTYPE html>/i, "")}`, {
    status: rendered.failed ? 500 : responseStatusCode,
    headers: responseHeaders,
  });
}

/** A whole page as text, once everything in it (Suspense included) has rendered. */
function render(element: ReactElement, nonce: string): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      // Every boundary written in place. React otherwise moves a finished boundary of over ~12 KB
      // behind a placeholder and reveals it by script after the rest, a few hundred ms later: the
      // page's main content (inside HydratingBoundary) missed the first paint and became a late
      // largest paint (docs/performance.md, "Less work between the first paint and an interactive
      // page": boundaries written in place).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), failed }));
        pipe(sink);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        failed = true;
        console.error(error);
      },
    });
    setTimeout(abort, RENDER_TIMEOUT_MS);
  });
}

/** Errors while rendering are logged; crawlers get the logged error only, never a stack (docs/architecture.md, "Decisions and why"). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const bot = isbot(request.headers.get("user-agent") ?? "");
  console.error(bot ? "render error (crawler)" : "render error", error);
}
