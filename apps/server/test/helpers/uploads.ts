import type { PassThrough } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { TestApp } from "./test-app";

/** Uploads a file to the dashboard's upload route as `sid` in `tenantId`, column A, no header. */
export function uploadFile(
  t: TestApp,
  tenantId: string,
  sid: string,
  payload: Buffer | string | PassThrough,
  fileName = "list.csv",
) {
  return t.app.inject({
    method: "POST",
    url: `/api/tenant/job/upload?service=basic&fileName=${fileName}&column=0&header=false`,
    payload,
    headers: { "content-type": "application/octet-stream", "x-tenant-id": tenantId },
    cookies: { sid },
  });
}

/**
 * Runs `work`, sampling the heap every 5 ms (and whenever `sample` is called); answers its result,
 * the peak heap growth, the time taken and how far the process's peak resident memory rose. The
 * last catches what a sampler cannot: a spike inside one synchronous call (a huge JSON.stringify)
 * is over before any timer runs.
 */
export async function measured<T>(work: (sample: () => void) => Promise<T>) {
  // The files of a worker share one process, so the heap holds what earlier files left as garbage
  // and V8 sizes its next collection from that: collect it first, so the growth is this work's.
  collectGarbage();
  const maxRss = process.resourceUsage().maxRSS;
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  try {
    const result = await work(sample);
    return {
      result,
      growth: peak - before,
      ms: performance.now() - started,
      rssGrowth: (process.resourceUsage().maxRSS - maxRss) * 1024,
    };
  } finally {
    clearInterval(timer);
  }
}

/** A full collection; `gc` is exposed once, at runtime, instead of needing a node flag. */
function collectGarbage() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

export async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
