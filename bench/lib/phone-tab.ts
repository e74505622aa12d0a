import type { Browser, BrowserContext } from "playwright-core";

/** The signed-in parts; other pages are measured signed out, as a first visit meets them. */
const SIGNED_IN = /^(?:\/[\w-]+)?\/(?:dashboard|operator)(?:\/|$)/;
const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

/**
 * A fresh phone-size browser context for one load of `path`, as Lighthouse's mobile run sees the
 * page: its viewport, touch and user agent (the server lays the page out for a phone from the
 * agent, and a desktop guess would re-render the frame on hydration). Signed in with `sid` only
 * where the page needs it: /login would send a signed-in person onwards.
 */
export async function phoneContext(
  browser: Browser,
  server: { url: string },
  path: string,
  sid: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
  });
  if (SIGNED_IN.test(path)) await context.addCookies([{ name: "sid", value: sid, url: server.url }]);
  return context;
}
