import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";

/** The system Chromium with the flags this environment needs (no network beyond loopback). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** How long a loaded page may take to hydrate before the test goes on without it. */
const HYDRATION_WAIT_MS = 15_000;

/**
 * After a document load, waits until React handles the page (`data-hydrated`, set by
 * apps/web/app/shell/hydration/hydration-mark.ts once the root and its boundaries have hydrated).
 * Every page but the docs starts its scripts only after the first contentful paint
 * (docs/architecture.md, "Scripts after the first paint"), so a test acting at `load`
 * would type into a page React does not own yet. A page that never hydrates
 * (an error page without scripts) lets the test go on after the wait; its own checks decide.
 */
async function hydrated(page: Page): Promise<void> {
  // (globalThis: the benchmarks compile this file without the DOM's types.)
  const html = await page
    .evaluate(
      () => (globalThis as { document?: { contentType?: string } }).document?.contentType === "text/html",
    )
    .catch(() => false);
  if (!html) return;
  // A selector, not a string of script: the pages' policy forbids evaluating strings.
  await page
    .locator("html[data-hydrated]")
    .waitFor({ state: "attached", timeout: HYDRATION_WAIT_MS })
    .catch(() => undefined);
}

/** Requests each page has in flight, and when the last one ended (see `settled`). */
const traffic = new WeakMap<Page, { inFlight: number; lastEnd: number }>();

function trackTraffic(page: Page): void {
  const state = { inFlight: 0, lastEnd: Date.now() };
  traffic.set(page, state);
  const ended = () => {
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.lastEnd = Date.now();
  };
  page.on("request", () => {
    state.inFlight += 1;
  });
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
}

/**
 * Waits until the page has had no request in flight for `quietMs`. Playwright's `networkidle`
 * always waits 500 ms after the last request; this waits only as long as the page is busy. Pages
 * opened through `launchBrowser` are tracked from their first request.
 */
export async function quietNetwork(page: Page, quietMs = 150, timeoutMs = 15_000): Promise<void> {
  const state = traffic.get(page);
  if (!state) throw new Error("quietNetwork: the page was not opened through launchBrowser");
  const deadline = Date.now() + timeoutMs;
  while (state.inFlight > 0 || Date.now() - state.lastEnd < quietMs) {
    if (Date.now() > deadline) throw new Error(`quietNetwork: ${state.inFlight} requests still in flight`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function followHydration(page: Page): Page {
  trackTraffic(page);
  const after =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const answer = await call(...args);
      await hydrated(page);
      return answer;
    };
  page.goto = after(page.goto.bind(page)) as Page["goto"];
  page.reload = after(page.reload.bind(page)) as Page["reload"];
  page.goBack = after(page.goBack.bind(page)) as Page["goBack"];
  page.goForward = after(page.goForward.bind(page)) as Page["goForward"];
  page.waitForURL = after(page.waitForURL.bind(page)) as Page["waitForURL"];
  return page;
}

function contextFollowingHydration(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => followHydration(await newPage());
  return context;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    return options?.javaScriptEnabled === false ? context : contextFollowingHydration(context);
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) =>
    options?.javaScriptEnabled === false ? newPage(options) : followHydration(await newPage(options));
  return browser;
}

/**
 * Loads a page in a new tab and reports what the browser did: the first contentful paint, when
 * each built script was requested, each request's first priority, and whether React took the page.
 */
export async function loadWatched(owner: Pick<Browser, "newPage">, url: string) {
  const page = await owner.newPage();
  const cdp = await page.context().newCDPSession(page);
  const priorities = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!priorities.has(event.request.url)) priorities.set(event.request.url, event.request.initialPriority);
  });
  await cdp.send("Network.enable");
  await page.goto(url, { waitUntil: "networkidle" });
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  const hydrated = (await page.locator("html[data-hydrated]").count()) > 0;
  const at = page.url();
  await page.close();
  return { paint: timing.paint, scripts: timing.scripts, hydrated, priorities, url: at };
}
