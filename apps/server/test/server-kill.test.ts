import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STANDARD_PRICES } from "../src/features/price/price-service";
import { fundedTenant } from "./helpers/billing";
import { moneyCheck } from "./helpers/money-check";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/**
 * Two server processes on one PostgreSQL charge one organisation's API checks; one of them is
 * killed with SIGKILL under load (docs/architecture.md, "Several processes, one balance"). Its
 * batch in flight is rolled back with its connection: nothing is charged twice or lost, every
 * check answered 200 is stored and charged once, and the balance is its ledger's sum. The money
 * path holds no slice of the balance per process, so there is nothing of the dead process's to
 * come back: the other process charges the whole balance at once.
 */

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const APP = fileURLToPath(new URL("../src/app.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../src/config.ts", import.meta.url));
const CLIENT = fileURLToPath(new URL("../src/db/client.ts", import.meta.url));
const PORTS = [31_931, 31_932];
const CONNECTIONS = 12;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The product's app (API only) as its own node process; resolves once it listens. */
async function serverProcess(databaseUrl: string, port: number): Promise<ChildProcess> {
  const script = `
    const { buildApp } = await import(${JSON.stringify(APP)});
    const { loadConfig } = await import(${JSON.stringify(CONFIG)});
    const { openDatabase } = await import(${JSON.stringify(CLIENT)});
    const config = loadConfig();
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: "unused" });
    const app = await buildApp({ config, database, web: "none" });
    await app.listen({ port: config.PORT, host: "127.0.0.1" });
    console.log("listening");`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      CAPTCHA_ENABLED: "false",
      WORKER_ENABLED: "false",
      WEBHOOKS_ENABLED: "false",
      API_RATE_PER_KEY: "10000000",
      API_RATE_PER_TENANT: "10000000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 60_000;
  while (!output.includes("listening")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }
  return child;
}

describe.skipIf(!onPostgres)("a server process killed under load (PostgreSQL)", () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await t?.close();
  });

  it("nothing is charged twice or lost; every check answered is stored and charged once", {
    timeout: 180_000,
  }, async () => {
    const price = DEFAULT_STANDARD_PRICES.basic[0]!;
    const opening = price * 1_000_000n;
    const { tenantId, api, billing } = await fundedTenant(t, opening);
    const key = (
      (await api("POST", "/api/tenant/apikey", { name: "k", scopes: ["check"], mode: "live" })).json() as {
        data: ApiKeyCreatedView;
      }
    ).data;
    for (const port of PORTS) children.push(await serverProcess(t.databaseUrl!, port));

    // Clients sending checks one after another to each server until told to stop.
    const answered = [0, 0];
    let unanswered = 0;
    const failures: string[] = [];
    let stop = false;
    const client = async (server: number) => {
      while (!stop) {
        if (server === 0 && children[0]!.signalCode !== null) return;
        try {
          const res = await fetch(`http://127.0.0.1:${PORTS[server]}/api/v1/check`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${key.secret}` },
            body: JSON.stringify({ service: "basic", number: "+442079460000" }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`status ${res.status}`);
          answered[server]!++;
        } catch (error) {
          // Only the killed server may leave a request unanswered.
          if (server === 0) unanswered++;
          else failures.push(String(error));
          return;
        }
      }
    };
    const load = Array.from({ length: CONNECTIONS * 2 }, (_, i) => client(i % 2));
    // Both charging, then the first killed in the middle of its batches; the second goes on.
    const until = async (done: () => boolean) => {
      while (!done() && failures.length === 0) await sleep(20);
    };
    await until(() => answered[0]! >= 300 && answered[1]! >= 300);
    children[0]!.kill("SIGKILL");
    const afterKill = answered[1]!;
    await until(() => answered[1]! >= afterKill + 300);
    stop = true;
    await Promise.all(load);
    expect(failures).toEqual([]);
    expect(children[0]!.signalCode).toBe("SIGKILL");

    const money = await moneyCheck(t.database.db, [tenantId]);
    expect(money).toMatchObject({ rowsOff: 0, balancesOff: 0, unchained: 0, exact: true });
    // Every check answered 200 is stored; a stored check no one heard of can only be one the
    // dead server had written when it died, at most one per connection it had open.
    const heard = answered[0]! + answered[1]!;
    expect(money.checks).toBeGreaterThanOrEqual(heard);
    expect(money.checks - heard).toBeLessThanOrEqual(unanswered);
    const { balanceMicros, ok } = await billing.verify(tenantId);
    expect(ok).toBe(true);
    expect(balanceMicros).toBe(opening - BigInt(money.checks) * price);
  });
});

if (!onPostgres)
  console.info("server-kill.test.ts: needs PostgreSQL (TEST_DATABASE_URL); skipped on PGlite.");
