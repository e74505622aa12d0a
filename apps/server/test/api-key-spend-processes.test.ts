import type { ChildProcess } from "node:child_process";
import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { microsToDecimal } from "@nc/contracts/money";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { DEFAULT_STANDARD_PRICES } from "../src/features/price/price-service";
import { expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { moneyCheck } from "./helpers/money-check";
import { serverProcess } from "./helpers/server-process";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/**
 * A key's daily spend limit under parallel checks from two server processes on one PostgreSQL
 * (docs/architecture.md, "Several processes, one balance"): the key's spend is counted in the
 * charge's own statement, so exactly the checks the limit covers are charged, every other one is
 * refused with the key's own 402 (40201), and the 80 % warning and the limit are announced once
 * each (notice and webhook event), however the checks interleave.
 */

const PORTS = [31_941, 31_942];
const LIMIT_CHECKS = 100n;
const REQUESTS = 300;

describe.skipIf(!onPostgres)("API key spend limits across two server processes (PostgreSQL)", () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await t?.close();
  });

  it(`${REQUESTS} parallel checks against a limit of ${LIMIT_CHECKS} checks: exactly that many charged, the rest 40201`, {
    timeout: 180_000,
  }, async () => {
    const price = DEFAULT_STANDARD_PRICES.basic[0]!;
    const opening = price * 10_000n;
    const { tenantId, api, billing } = await fundedTenant(t, opening);
    const key = expectOk<ApiKeyCreatedView>(
      await api("POST", "/api/tenant/apikey", {
        name: "runaway",
        scopes: ["check"],
        mode: "live",
        dailyLimit: microsToDecimal(price * LIMIT_CHECKS),
      }),
    );
    expectOk(
      await api("POST", "/api/tenant/webhook", {
        url: "https://203.0.113.10/limits",
        events: ["api_key.spend_limit.warning", "api_key.spend_limit.reached"],
      }),
    );
    for (const port of PORTS) children.push(await serverProcess(t.databaseUrl!, port));

    // Each process charges once first, so both then take the one-statement way with their own
    // memory of the balance (docs/architecture.md, "A check costs one row").
    const check = (i: number) =>
      fetch(`http://127.0.0.1:${PORTS[i % 2]}/api/v1/check`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key.secret}` },
        body: JSON.stringify({ service: "basic", number: "+442079460000" }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number } }));
    const warmed = [await check(0), await check(1)];
    const answers = [...warmed, ...(await Promise.all(Array.from({ length: REQUESTS }, (_, i) => check(i))))];

    const charged = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 402);
    expect(charged).toHaveLength(Number(LIMIT_CHECKS));
    expect(refused).toHaveLength(REQUESTS + 2 - Number(LIMIT_CHECKS));
    expect(new Set(refused.map((a) => a.body.code))).toEqual(new Set([40201]));

    const { balanceMicros, ok } = await billing.verify(tenantId);
    expect(ok).toBe(true);
    expect(balanceMicros).toBe(opening - price * LIMIT_CHECKS);
    expect(await moneyCheck(t.database.db, [tenantId])).toMatchObject({
      checks: Number(LIMIT_CHECKS),
      rowsOff: 0,
      balancesOff: 0,
      exact: true,
    });
    const [spend] = await queryRows<{ spent: string }>(
      t.database.db,
      sql`select spent_micros::text as spent from api_key_spend where key_id = ${key.key.id} and period = 'day'`,
    );
    expect(BigInt(spend!.spent)).toBe(price * LIMIT_CHECKS);

    // Announced once each, whichever process crossed the threshold.
    const notices = await queryRows<{ type: string; n: number }>(
      t.database.db,
      sql`select type, count(*)::int as n from notices where tenant_id = ${tenantId} and type like 'api_key_spend%'
          group by type order by type`,
    );
    expect(notices).toEqual([
      { type: "api_key_spend_reached", n: 1 },
      { type: "api_key_spend_warning", n: 1 },
    ]);
    const events = await queryRows<{ event_type: string; n: number }>(
      t.database.db,
      sql`select event_type, count(*)::int as n from webhook_deliveries where tenant_id = ${tenantId}
          group by event_type order by event_type`,
    );
    expect(events).toEqual([
      { event_type: "api_key.spend_limit.reached", n: 1 },
      { event_type: "api_key.spend_limit.warning", n: 1 },
    ]);
  });
});

if (!onPostgres)
  console.info("api-key-spend-processes.test.ts: needs PostgreSQL (TEST_DATABASE_URL); skipped on PGlite.");
