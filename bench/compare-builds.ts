/**
 * Two builds' main-thread work on the same pages, measured in turns (not a test). On a shared host
 * whose speed drifts by half within an hour, sets of Lighthouse runs taken one after the other
 * compare the hours more than the builds; loads of the two builds taken in alternation meet the
 * same host (docs/performance.md, "A slow host, and comparing two builds").
 *
 * Starts this checkout's built product and that of another checkout (each on its own fresh
 * embedded database, each with a signed-in person who has an organisation), then loads each path
 * `runs` times per build in a phone-size tab, A then B, then B then A, and so on. Per load it reads
 * Chromium's own counters once the page has settled: the main thread's task time, script time,
 * and style and layout time, and the scripts fetched. It prints each measure's median and
 * quartiles per build, and B's median over A's.
 *
 *   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   (cd /tmp/base && npm run build) && npm run build
 *   npx tsx bench/compare-builds.ts /tmp/base [runs=10] [path ...]
 *
 * A is the other checkout, B this one. COMPARE_CPU=4 slows the tab's CPU as Lighthouse's mobile
 * run does (by default it is not slowed: the host's own speed, the least noisy).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { registerAccount } from "../e2e/helpers/accounts";
import { apiCall } from "../e2e/helpers/api";
import { launchBrowser } from "../e2e/helpers/browser";
import { type RunningServer, startServer } from "../e2e/helpers/server";
import { phoneContext } from "./lib/phone-tab";

const OTHER = process.argv[2];
if (!OTHER) {
  console.error("usage: npx tsx bench/compare-builds.ts <other checkout> [runs=10] [path ...]");
  process.exit(2);
}
const RUNS = Number(process.argv[3] ?? 10) || 10;
const PATHS = process.argv.length > 4 ? process.argv.slice(4) : ["/login", "/dashboard/detection"];
const SLOWDOWN = Number(process.env.COMPARE_CPU ?? 1);
/** Chromium's Performance.getMetrics counters read, in seconds, and their labels. */
const MEASURES = {
  TaskDuration: "tasks",
  ScriptDuration: "script",
  RecalcStyleDuration: "style",
  LayoutDuration: "layout",
} as const;
type Measure = keyof typeof MEASURES | "scripts";

const env = { env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5" } };
// The other checkout's own helper starts its own build (its paths are relative to that file).
const other = (await import(pathToFileURL(resolve(OTHER, "e2e/helpers/server.ts")).href)) as {
  startServer: typeof startServer;
};
const servers: Record<"A" | "B", RunningServer> = {
  A: await other.startServer(env),
  B: await startServer(env),
};
const browser = await launchBrowser();
const sids: Partial<Record<"A" | "B", string>> = {};
const samples = new Map<string, number[]>();
const add = (key: string, value: number) => samples.set(key, [...(samples.get(key) ?? []), value]);

async function load(build: "A" | "B", path: string) {
  const server = servers[build];
  const context = await phoneContext(browser, server, path, sids[build]!);
  const page = await context.newPage();
  let scripts = 0;
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts += 1;
  });
  const cdp = await context.newCDPSession(page);
  if (SLOWDOWN !== 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
  await cdp.send("Performance.enable");
  await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
  await page.waitForTimeout(800);
  const { metrics } = await cdp.send("Performance.getMetrics");
  for (const { name, value } of metrics) {
    if (name in MEASURES) add(`${path} ${build} ${name}`, Math.round(value * 1000));
  }
  add(`${path} ${build} scripts`, scripts);
  await context.close();
}

try {
  for (const build of ["A", "B"] as const) {
    // Lower case: the outbox line the helper reads holds the address as the server stored it.
    const email = `compare-${build.toLowerCase()}-${Date.now()}@example.com`;
    const sid = await registerAccount(servers[build], "Compare Builds", email);
    await apiCall(servers[build], sid, "POST", "/api/tenant", { name: "Compare Co" });
    sids[build] = sid;
  }
  for (const path of PATHS) {
    for (let run = 0; run < RUNS; run += 1) {
      for (const build of run % 2 === 0 ? (["A", "B"] as const) : (["B", "A"] as const)) {
        await load(build, path);
      }
    }
  }
} finally {
  await browser.close();
  await servers.A.stop();
  await servers.B.stop();
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
console.log(`A: ${resolve(OTHER)}   B: this checkout   ${RUNS} loads each, CPU ×${SLOWDOWN}\n`);
console.log("| page | measure | A median (quartiles) | B median (quartiles) | B / A |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const path of PATHS) {
  for (const measure of [...Object.keys(MEASURES), "scripts"] as Measure[]) {
    const a = samples.get(`${path} A ${measure}`) ?? [];
    const b = samples.get(`${path} B ${measure}`) ?? [];
    if (a.length === 0 || b.length === 0) continue;
    const label = measure === "scripts" ? "scripts fetched" : `${MEASURES[measure]} (ms)`;
    const cell = (v: number[]) => `${quantile(v, 0.5)} (${quantile(v, 0.25)}–${quantile(v, 0.75)})`;
    const ratio = (quantile(b, 0.5) / quantile(a, 0.5)).toFixed(2);
    console.log(`| ${path} | ${label} | ${cell(a)} | ${cell(b)} | ${ratio} |`);
  }
}
