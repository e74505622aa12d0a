import type { ChildProcess } from "node:child_process";
import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STANDARD_PRICES } from "../src/features/price/price-service";
import { fundedTenant } from "./helpers/billing";
import { moneyCheck } from "./helpers/money-check";
import { serverProcess } from "./helpers/server-process";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/**
 * Two server processes on one PostgreSQL charge one organisation's API checks; one of them is
 * killed with SIGKILL under load (docs/architecture.md, "Several processes, one balance"). Its
 * batch in flight is rolled back with its connection: nothing is charged twice or lost, every
 * check answered 200 is stored and charged once, and the balance is its ledger's sum. The money
 * path holds no slice of the balance per process, so there is nothing of the dead process's to
 * come back: the other process charges the whole balance at once.
 */

const PORTS = [31_931, 31_932];
const CONNECTIONS = 12;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
