/**
 * What the main thread does in a page's long tasks (not a test): loads /login and
 * /dashboard/detection of the built product in a phone-size Chromium tab, the CPU slowed four
 * times as Lighthouse's mobile run does, records a trace with the JavaScript sampling profiler,
 * and prints each task over 50 ms with the functions that took its time (self and inclusive).
 * Lighthouse's blocking time is the sum of each task's part over 50 ms after the first
 * contentful paint; this says which code those parts are (docs/performance.md, "Lighthouse").
 *
 * Run after `npm run build`:
 *   npx tsx bench/long-tasks.ts [runs=1] [path ...]
 * or, for a trace bench/lighthouse.ts kept (LIGHTHOUSE_OUT), its tasks four times slower as
 * Lighthouse's mobile simulation counts them:
 *   npx tsx bench/long-tasks.ts --trace <file.trace.json> [slowdown=4]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CDPSession } from "playwright-core";
import { registerAccount } from "../e2e/helpers/accounts";
import { apiCall } from "../e2e/helpers/api";
import { launchBrowser } from "../e2e/helpers/browser";
import { startServer } from "../e2e/helpers/server";
import { phoneContext } from "./lib/phone-tab";

const RUNS = Number(process.argv[2] ?? 1) || 1;
const PATHS = process.argv.length > 3 ? process.argv.slice(3) : ["/login", "/dashboard/detection"];
/** LONG_TASKS_CPU=8 slows the CPU more, as for a host half as fast. */
const SLOWDOWN = Number(process.env.LONG_TASKS_CPU ?? 4);
const LONG_MS = 50;
const TOP = Number(process.env.TOP ?? 10);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: TraceData };
}

/** The parts of trace events' data read here (sampling profile, script names). */
interface TraceData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
  url?: string;
  scriptName?: string;
  functionName?: string;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** A function's name and the file it came from, short enough to read in a list. */
function label(node: ProfileNode): string {
  const file = (node.callFrame.url ?? "").replace(/^.*\//, "").replace(/\?.*$/, "");
  return `${node.callFrame.functionName || "(anonymous)"}${file ? ` @${file}:${node.callFrame.lineNumber + 1}` : ""}`;
}

/** The sampled stacks of one thread: each sample's time (µs, trace clock) and leaf node. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = events.find((e) => e.name === "Profile" && e.pid === pid && e.tid === tid);
  if (!profile) return { nodes, samples };
  let ts = profile.args?.data?.startTime as number;
  for (const chunk of events.filter(
    (e) => e.name === "ProfileChunk" && e.pid === pid && e.id === profile.id,
  )) {
    const data = chunk.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node: id });
    });
  }
  return { nodes, samples };
}

function top(map: Map<string, number>, intervalMs: number) {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, count]) => `      ${(count * intervalMs).toFixed(0).padStart(5)} ms  ${name}`)
    .join("\n");
}

/**
 * The browser's own work in a task, by trace event (parsing HTML, style, layout, script
 * evaluation…): each event's time less that of the events inside it, in ms.
 */
function browserWork(events: TraceEvent[], task: TraceEvent): Map<string, number> {
  const end = task.ts + task.dur!;
  const inside = events
    .filter((e) => e.ph === "X" && e.pid === task.pid && e.tid === task.tid && e !== task)
    .filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { event: TraceEvent; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0) <= until) {
      const { event, children } = stack.pop()!;
      const own = ((event.dur ?? 0) - children) / 1000;
      self.set(event.name, (self.get(event.name) ?? 0) + own);
      if (stack.length) stack.at(-1)!.children += event.dur ?? 0;
    }
  };
  for (const event of inside) {
    close(event.ts);
    stack.push({ event, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return self;
}

/**
 * Prints the long tasks of a trace's main thread. `slowdown` is how much slower than recorded the
 * tasks count: 1 for a trace recorded with the CPU slowed, 4 for one of Lighthouse's mobile runs
 * (recorded at full speed and simulated four times slower).
 */
function report(title: string, events: TraceEvent[], slowdown: number) {
  // The page's main thread: the renderer main thread with the most task time.
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.name !== "RunTask" || e.ph !== "X") continue;
    const key = `${e.pid}:${e.tid}`;
    busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const mains = new Set(
    events
      .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const [main] = [...busy.entries()].filter(([key]) => mains.has(key)).sort((a, b) => b[1] - a[1])[0] ?? [
    "0:0",
  ];
  const [pid, tid] = main.split(":").map(Number) as [number, number];
  const { nodes, samples } = samplesOf(events, pid, tid);
  const interval =
    samples.length > 1 ? (samples.at(-1)!.ts - samples[0]!.ts) / (samples.length - 1) / 1000 : 0;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid);
  const navigation = events.find((e) => e.name === "navigationStart" && e.pid === pid);
  const origin = navigation?.ts ?? fcp?.ts ?? 0;
  const ms = (us: number) => (us / 1000) * slowdown;
  const tasks = events
    .filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === pid && e.tid === tid)
    .filter((e) => ms(e.dur ?? 0) > LONG_MS)
    .sort((a, b) => a.ts - b.ts);
  const blocking = tasks
    .filter((t) => !fcp || t.ts >= fcp.ts)
    .reduce((sum, t) => sum + ms(t.dur!) - LONG_MS, 0);
  console.log(
    `\n${title}: first contentful paint at ${fcp ? ms(fcp.ts - origin).toFixed(0) : "?"} ms; ` +
      `${tasks.length} tasks over ${LONG_MS} ms; blocking after the paint ${blocking.toFixed(0)} ms (times ×${slowdown === 1 ? SLOWDOWN : slowdown})`,
  );
  for (const task of tasks) {
    console.log(`  task at ${ms(task.ts - origin).toFixed(0)} ms, ${ms(task.dur!).toFixed(0)} ms`);
    console.log(`    browser work (self):\n${top(browserWork(events, task), slowdown)}`);
    console.log(`    scripts run:\n${top(scriptsRun(events, task), slowdown)}`);
    if (!samples.length) continue;
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > task.ts + task.dur!) continue;
      const leaf = nodes.get(s.node);
      if (!leaf) continue;
      self.set(label(leaf), (self.get(label(leaf)) ?? 0) + 1);
      const seen = new Set<string>();
      for (let n: ProfileNode | undefined = leaf; n; n = n.parent ? nodes.get(n.parent) : undefined) {
        const name = label(n);
        if (seen.has(name) || name.startsWith("(root)")) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
      }
    }
    console.log(`    self:\n${top(self, interval * slowdown)}`);
    console.log(`    inclusive:\n${top(inclusive, interval * slowdown)}`);
  }
}

/** Script evaluations and calls in a task, by the script they ran (ms, whole events). */
function scriptsRun(events: TraceEvent[], task: TraceEvent): Map<string, number> {
  const end = task.ts + task.dur!;
  const runs = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== task.pid || e.tid !== task.tid || e.ph !== "X" || e.ts < task.ts || e.ts > end) continue;
    if (e.name !== "EvaluateScript" && e.name !== "FunctionCall" && e.name !== "v8.evaluateModule") continue;
    const url = String(e.args?.data?.url ?? e.args?.data?.scriptName ?? e.args?.data?.functionName ?? "?");
    const key = `${e.name} ${url.replace(/^.*\//, "")}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ""}`;
    runs.set(key, (runs.get(key) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return runs;
}

const TRACE = process.argv[2] === "--trace" ? process.argv[3] : undefined;
if (TRACE) {
  const file = JSON.parse(readFileSync(TRACE, "utf8")) as { traceEvents: TraceEvent[] };
  report(TRACE, file.traceEvents, Number(process.argv[4] ?? 4));
  process.exit(0);
}

const server = await startServer({ env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5" } });
const browser = await launchBrowser();
try {
  const sid = await registerAccount(server, "Tara Trace", `trace-${Date.now()}@example.com`);
  await apiCall(server, sid, "POST", "/api/tenant", { name: "Trace Co" });
  for (const path of PATHS) {
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await phoneContext(browser, server, path, sid);
      const page = await context.newPage();
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
      await browser.startTracing(page, {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "disabled-by-default-v8.cpu_profiler",
          "v8.execute",
          "blink.user_timing",
          "loading",
        ],
      });
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(1500);
      const trace = (await browser.stopTracing()).toString();
      // LONG_TASKS_OUT=<folder> keeps each trace, to open in the browser's performance panel.
      if (process.env.LONG_TASKS_OUT) {
        mkdirSync(process.env.LONG_TASKS_OUT, { recursive: true });
        writeFileSync(
          join(process.env.LONG_TASKS_OUT, `${path.replace(/\W+/g, "-")}-${run}.trace.json`),
          trace,
        );
      }
      const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents;
      await context.close();

      report(`${path} run ${run}`, events, 1);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
