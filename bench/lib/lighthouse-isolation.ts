import { readdirSync, readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import Trace from "lighthouse/core/gather/gatherers/trace.js";

/**
 * Two diagnostics for bench/lighthouse.ts that take the measuring set-up's own costs out of a
 * Lighthouse run, to tell what the page costs from what the host and the instrument add
 * (docs/performance.md, "What the page costs, and what the host and Lighthouse add"). Neither is
 * Lighthouse's default, so a run with either is printed as such and is never the goal's score.
 */

/** The categories of Lighthouse's trace that copy every script's source text into the trace. */
const SOURCE_RUNDOWN = [
  "disabled-by-default-devtools.v8-source-rundown-sources",
  "disabled-by-default-devtools.v8-source-rundown",
];

/**
 * LIGHTHOUSE_NO_SOURCE_RUNDOWN=1: Lighthouse 12 records the source text of every script the page
 * runs into its trace ("enhanced traces", for DevTools to open the trace later). V8 writes it on
 * the page's main thread, in the task that links the module graph, so the copying counts as the
 * page's blocking time; no performance metric reads it. Off, the trace keeps every other category.
 */
export function withoutSourceRundown(): void {
  const categories = Trace.getDefaultTraceCategories.bind(Trace);
  Trace.getDefaultTraceCategories = () =>
    categories().filter((category) => !SOURCE_RUNDOWN.includes(category));
}

/** Nice value given to the renderers' main threads (the range is −20 to 19; 0 is everyone's). */
const RENDERER_NICE = -15;
const POLL_MS = 50;

/** A process's parent, from /proc (undefined once it has ended). */
function parentOf(pid: number): number | undefined {
  try {
    // The command name, in parentheses, may hold spaces: the fields after it are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is a Chromium renderer under the browser whose process id is `browserPid`; "not
 * yet" for a zygote's process, which may still turn into a renderer (a renderer is forked from the
 * zygote and takes its own command line after).
 */
function isRendererOf(pid: number, browserPid: number): boolean | "not yet" {
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, "latin1");
  } catch {
    return false;
  }
  if (command.includes("--type=zygote")) return "not yet";
  if (!command.includes("--type=renderer")) return false;
  for (let at = parentOf(pid); at !== undefined && at > 1; at = parentOf(at)) {
    if (at === browserPid) return true;
  }
  return false;
}

/**
 * LIGHTHOUSE_RENDERER_FIRST=1: the renderers' main threads go before every other thread of the
 * machine while the runs go. On a two-core host the product's server, Lighthouse's own process and
 * the browser's other processes (the one collecting the trace among them) share the cores with
 * the page, and a task that waits for a core is counted, four times over, as the page's work.
 * Lighthouse asks for two cores of its own (docs/performance.md cites its variability guide); a
 * phone gives the page a core of its own too. Linux sets a nice value per thread, and a renderer's
 * process id is its main thread's id, so only the thread Lighthouse measures is raised. Needs the
 * right to raise priority (root): without it this throws the system's error before the watch
 * starts. Returns the function that ends the watch.
 */
export function renderersFirst(browserPid: number): () => void {
  // The right to raise priority, asked at once on this thread (going back down is always allowed),
  // so a refusal stops the bench here, where its caller still shuts the browser and the server.
  const own = getPriority();
  setPriority(RENDERER_NICE);
  setPriority(own);
  // Each process is looked at once, when it first appears, so a poll costs one directory read and
  // a call per renderer: the watch takes next to nothing from the cores it frees. The priority is
  // set again at every poll because the browser sets its renderers' own (lower for a tab in the
  // background, as Lighthouse's tabs are at times).
  const looked = new Set<number>();
  const renderers = new Set<number>();
  const raise = () => {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      if (looked.has(pid)) continue;
      const renderer = isRendererOf(pid, browserPid);
      if (renderer === "not yet") continue;
      looked.add(pid);
      if (renderer) renderers.add(pid);
    }
    for (const pid of renderers) {
      try {
        setPriority(pid, RENDERER_NICE);
      } catch (error) {
        // A renderer that has ended is dropped; any other refusal stops the bench.
        // (Node reports it as a system error whose `info.code` names the cause.)
        if ((error as { info?: { code?: string } }).info?.code !== "ESRCH") throw error;
        renderers.delete(pid);
      }
    }
  };
  raise();
  const timer = setInterval(raise, POLL_MS);
  return () => clearInterval(timer);
}

/** The diagnostics asked for in the environment, set up, and their label for the printed lines. */
export function isolationFromEnvironment(
  env: NodeJS.ProcessEnv,
  browserPid: number,
): { label: string; stop: () => void } {
  const named: string[] = [];
  let stop = () => {};
  if (env.LIGHTHOUSE_NO_SOURCE_RUNDOWN === "1") {
    withoutSourceRundown();
    named.push("no source rundown");
  }
  if (env.LIGHTHOUSE_RENDERER_FIRST === "1") {
    stop = renderersFirst(browserPid);
    named.push("renderer first");
  }
  return { label: named.length ? ` [diagnostic: ${named.join(", ")}]` : "", stop };
}
