/**
 * Lighthouse and page weight of the built product (not a test): starts `apps/server/dist` on a
 * fresh embedded database, registers a person with an organisation, then for /login and
 * /dashboard/detection (signed in: the session cookie is put in the browser's cookie jar, and
 * Lighthouse told to keep the site's storage) prints
 *
 * - the HTML's bytes as sent uncompressed, with gzip and with brotli;
 * - the scripts and style sheets the first load fetched (files and bytes on the wire, from
 *   Lighthouse's network records);
 * - Lighthouse's performance, accessibility, best-practices and SEO scores, mobile and desktop.
 *
 * Run after `npm run build` (docs/performance.md, "Lighthouse"):
 *   npx tsx bench/lighthouse.ts [runs=1]
 * With several runs each score is the median. The system Chromium is used (CHROMIUM_PATH, else
 * /usr/bin/chromium; scripts/ensure-chromium.sh installs it). LIGHTHOUSE_ONLY=mobile,/login (a form factor,
 * a page's path, or both) measures only those. LIGHTHOUSE_OUT=<folder> keeps each
 * run's full report there as JSON, and the trace it recorded beside it (`….trace.json`).
 * LIGHTHOUSE_CPU=8 slows the CPU by that factor instead of Lighthouse's 4 (mobile), to see how
 * the pages fare on a host half as fast; each page's line gives the runs' benchmark index (the
 * host's speed as Lighthouse measured it), since the scores follow it. LIGHTHOUSE_RENDERER_FIRST=1
 * and LIGHTHOUSE_NO_SOURCE_RUNDOWN=1 are diagnostics that take the set-up's own costs out of the
 * runs (bench/lib/lighthouse-isolation.ts); their lines say so.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { registerAccount } from "../e2e/helpers/accounts";
import { apiCall } from "../e2e/helpers/api";
import { CHROMIUM_FLAGS } from "../e2e/helpers/browser";
import { startServer } from "../e2e/helpers/server";
import { isolationFromEnvironment } from "./lib/lighthouse-isolation";

const RUNS = Number(process.argv[2] ?? 1);
const OUT = process.env.LIGHTHOUSE_OUT;
const ALL_PAGES = [
  { path: "/login", signedIn: false },
  { path: "/dashboard/detection", signedIn: true },
] as const;
/** LIGHTHOUSE_ONLY=mobile,/login (form factors, page paths) measures just those, to iterate faster. */
const ONLY = process.env.LIGHTHOUSE_ONLY?.split(",") ?? [];
const chosen = <T extends string>(all: readonly T[], isOne: (value: string) => boolean) => {
  const named = ONLY.filter(isOne);
  return all.filter((value) => named.length === 0 || named.includes(value));
};
const PATHS = chosen(
  ALL_PAGES.map((page) => page.path),
  (value) => value.startsWith("/"),
);
const PAGES = ALL_PAGES.filter((page) => PATHS.includes(page.path));
const FORM_FACTORS = chosen(["mobile", "desktop"] as const, (v) => !v.startsWith("/"));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU ? Number(process.env.LIGHTHOUSE_CPU) : undefined;

/** The body's length as it crosses the wire with the given Accept-Encoding. */
function wireBytes(url: string, cookie: string | undefined, encoding?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (encoding) headers["accept-encoding"] = encoding;
    if (cookie) headers.cookie = cookie;
    httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** Files and bytes on the wire of one kind of resource in a Lighthouse run. */
function loaded(lhr: Result, type: string) {
  const items =
    (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const mine = items.filter((item) => item.resourceType === type);
  return { files: mine.length, bytes: mine.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) };
}

/**
 * How long after the observed load event the page first painted. Whole seconds here are the
 * headless browser withholding frames, not the page (docs/performance.md, "The head script reads
 * nothing the server wrote"): Lighthouse's speed index is built on that observed paint.
 */
function paintAfterLoad(lhr: Result): number {
  const metrics = lhr.audits.metrics?.details;
  const item = metrics && "items" in metrics ? (metrics.items[0] as Record<string, number>) : {};
  return Math.round((item.observedFirstContentfulPaint ?? 0) - (item.observedLoad ?? 0));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await startServer({ env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5" } });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: CHROMIUM_FLAGS,
});
let stopIsolation = () => {};
try {
  const isolation = isolationFromEnvironment(process.env, chrome.pid);
  stopIsolation = isolation.stop;
  const sid = await registerAccount(server, "Lena Lighthouse", `lighthouse-${Date.now()}@example.com`);
  await apiCall(server, sid, "POST", "/api/tenant", { name: "Lighthouse Co" });
  const cookie = `sid=${sid}`;

  const weight: string[] = [];
  const scores: string[] = [];
  for (const page of PAGES) {
    const url = `${server.url}${page.path}`;
    const pageCookie = page.signedIn ? cookie : undefined;
    const [plain, gzip, br] = await Promise.all([
      wireBytes(url, pageCookie),
      wireBytes(url, pageCookie, "gzip"),
      wireBytes(url, pageCookie, "br"),
    ]);
    for (const formFactor of FORM_FACTORS) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const flags: Flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          // A Cookie in extraHeaders is dropped by current Chromium: the session goes in the cookie
          // jar instead, and Lighthouse must not clear the site's storage before loading.
          disableStorageReset: page.signedIn,
          ...(CPU_SLOWDOWN && formFactor === "mobile"
            ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } }
            : {}),
        };
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const tab = await browser.newPage();
        if (page.signedIn) await tab.setCookie({ name: "sid", value: sid, url: server.url, httpOnly: true });
        const result = await lighthouse(
          url,
          flags,
          formFactor === "desktop" ? desktopConfig : undefined,
          tab,
        );
        await tab.close();
        await browser.disconnect();
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        // A redirect (to the sign-in page, say) would measure another page than the one named.
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(`${url} ended on ${result.lhr.finalDisplayedUrl}`);
        }
        runs.push(result.lhr);
        if (OUT) {
          mkdirSync(OUT, { recursive: true });
          const name = `${page.path.replace(/\W+/g, "-")}-${formFactor}-${i + 1}.json`;
          writeFileSync(join(OUT, name), JSON.stringify(result.lhr));
          // The trace the run recorded, for bench/long-tasks.ts to take apart.
          writeFileSync(
            join(OUT, name.replace(/\.json$/, ".trace.json")),
            JSON.stringify(result.artifacts.Trace),
          );
        }
      }
      const score = (category: string) =>
        median(runs.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100)));
      scores.push(`| ${page.path} | ${formFactor} | ${CATEGORIES.map(score).join(" | ")} |`);
      if (formFactor === "mobile") {
        const scripts = loaded(runs[0]!, "Script");
        const styles = loaded(runs[0]!, "Stylesheet");
        weight.push(
          `| ${page.path} | ${kb(plain)} | ${kb(gzip)} | ${kb(br)} | ${scripts.files}, ${kb(scripts.bytes)} | ${styles.files}, ${kb(styles.bytes)} |`,
        );
      }
      // What Lighthouse flagged, so the table comes with its reasons.
      for (const lhr of runs.slice(0, 1)) {
        const failed = Object.values(lhr.audits)
          .filter(
            (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative",
          )
          .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
        console.log(`${page.path}, ${formFactor}: below 90: ${failed.join(", ") || "none"}`);
      }
      const speeds = runs.map((lhr) => Math.round(lhr.environment.benchmarkIndex));
      const each = runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
      console.log(
        `${page.path}, ${formFactor}${isolation.label}: performance per run ${each.join(", ")}; benchmark index ${Math.min(...speeds)}–${Math.max(...speeds)}; first paint after the load event ${runs.map(paintAfterLoad).join(", ")} ms`,
      );
    }
  }
  console.log("\n| page | HTML | gzip | brotli | scripts (files, on the wire) | style sheets |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const line of weight) console.log(line);
  console.log(`\n| page | form factor${isolation.label} | ${CATEGORIES.join(" | ")} |`);
  console.log(`| --- | --- | ${CATEGORIES.map(() => "---:").join(" | ")} |`);
  for (const line of scores) console.log(line);
} finally {
  stopIsolation();
  chrome.kill();
  await server.stop();
}
