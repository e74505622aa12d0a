/**
 * The product server's memory on the embedded database (not a test): starts the built server
 * (`apps/server/dist`, as `npm start` runs it) on a fresh data folder and prints its resident
 * memory (VmRSS from /proc) at each step:
 *
 * 1. the first start (creates the database), idle;
 * 2. a restart on the same folder, idle (what a running product sits at);
 * 3. after one basic check of a Chinese number (the country with the largest prefix tables);
 * 4. after one basic check of an example mobile number of every region libphonenumber knows;
 * 5. ten seconds later;
 * 6. after the sign-in page and the detection page were rendered (the pages' code is loaded on the
 *    first page request: a server that only answers the API never holds it).
 *
 * The goal (docs/performance.md, "Server memory on the embedded database") is under 250 MB after
 * checks of any country. Run after `npm run build`:
 *   npx tsx bench/server-memory.ts
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getCountries, getExampleNumber } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { registerAccount } from "../e2e/helpers/accounts";
import { apiCall } from "../e2e/helpers/api";
import { type RunningServer, startServer } from "../e2e/helpers/server";

const GOAL_MB = 250;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS after the process has had a moment to settle (timers, a collection). */
async function settled(server: RunningServer): Promise<number> {
  await sleep(3_000);
  return rssMb(server.pid);
}

const rows: { step: string; mb: number; pages?: boolean }[] = [];
const note = (step: string, mb: number, pages = false) => {
  rows.push({ step, mb, pages });
  console.log(`${step}: ${mb.toFixed(0)} MB`);
};

const dataDir = mkdtempSync(join(tmpdir(), "nc-memory-"));
const env = { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "1000" };
try {
  const first = await startServer({ dataDir, env });
  note("first start (database created), idle", await settled(first));
  const sid = await registerAccount(first, "Mia Memory", `memory-${Date.now()}@example.com`);
  const tenant = await apiCall<{ id: string }>(first, sid, "POST", "/api/tenant", { name: "Memory Co" });
  await first.stop();

  const server = await startServer({ dataDir, env });
  note("restart on the same folder, idle", await settled(server));
  const check = (number: string) =>
    apiCall(server, sid, "POST", "/api/tenant/detection/check", { service: "basic", number }, tenant.id);

  await check("+8613800138000");
  note("after one check of a Chinese number", await settled(server));

  let checked = 0;
  for (const region of getCountries()) {
    const example = getExampleNumber(region, examples);
    if (!example) continue;
    await check(example.number);
    checked += 1;
  }
  note(`after one check in each of ${checked} regions`, await settled(server));
  await sleep(10_000);
  note("ten seconds later", rssMb(server.pid));
  for (const path of ["/login", "/dashboard/detection"]) {
    const page = await fetch(`${server.url}${path}`, { headers: { cookie: `sid=${sid}` } });
    if (!page.ok) throw new Error(`${path}: ${page.status}`);
    await page.text();
  }
  note("after the sign-in and detection pages were rendered", await settled(server), true);
  await server.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const worst = Math.max(
  ...rows
    .slice(1)
    .filter((row) => !row.pages)
    .map((row) => row.mb),
);
console.log("\n| step | RSS |\n| --- | ---: |");
for (const row of rows) console.log(`| ${row.step} | ${row.mb.toFixed(0)} MB |`);
console.log(
  `\nafter checks of any country (restarted server): ${worst.toFixed(0)} MB; goal < ${GOAL_MB} MB: ${worst < GOAL_MB ? "met" : "NOT met"}`,
);
const pages = rows.find((row) => row.pages)!.mb;
console.log(
  `with the pages' code loaded too: ${pages.toFixed(0)} MB (${pages < GOAL_MB ? "under" : "over"} ${GOAL_MB} MB)`,
);
