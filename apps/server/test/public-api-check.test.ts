import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { SingleCheckView } from "@nc/contracts/detection-single";
import { formatMoney } from "@nc/contracts/money";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { ledgerEntries } from "../src/db/schema/index";
import { DEFAULT_STANDARD_PRICES } from "../src/features/price/price-service";
import { body, expectError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const NUMBER = "+447400123456";

describe("POST /api/v1/check", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function keyFor(body: object = {}) {
    const f = await fundedTenant(t, 1_000_000n);
    const api = inTenant(t, f.owner, f.tenantId);
    const made = expectOk<ApiKeyCreatedView>(
      await api("POST", "/api/tenant/apikey", { name: "k", scopes: ["check"], mode: "live", ...body }),
    );
    return { ...f, api, made };
  }
  const check = (
    key: string | null,
    payload: object = { service: "basic", number: NUMBER },
    url = "/api/v1/check",
  ) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: key ? { authorization: `Bearer ${key}` } : {},
      remoteAddress: "203.0.113.7",
    });

  it("checks one number with a live key: charged once as trade type 1 to the key", async () => {
    const { made, tenantId, billing } = await keyFor();
    const view = expectOk<SingleCheckView>(await check(made.secret));
    expect(view).toMatchObject({ service: "basic", sandbox: false });
    expect(view.result.basic).toMatchObject({ e164: NUMBER, valid: true, lineType: "mobile" });
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.tradeType, TRADE_TYPES.checkNumberApi)),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountMicros: -BigInt(view.costMicros),
      actorType: "api_key",
      actorId: made.key.id,
    });
    expect((await billing.verify(tenantId)).ok).toBe(true);
    // The check is in the organisation's history, as an API call.
    const [job] = await queryRows<{ channel: string }>(
      t.database.db,
      sql`select channel from detection_jobs where id = ${view.jobId}`,
    );
    expect(job?.channel).toBe("api");
  });

  it("a test key answers from the sandbox and is never charged", async () => {
    const { made, tenantId, billing } = await keyFor({ mode: "test" });
    const basic = expectOk<SingleCheckView>(await check(made.secret));
    const hlr = expectOk<SingleCheckView>(
      await check(made.secret, { service: "hlr", number: "+12025550104" }),
    );
    expect([basic.costMicros, hlr.costMicros]).toEqual(["0", "0"]);
    expect(hlr.result.hlr).toMatchObject({ source: "sandbox", roaming: { roaming: true } });
    expect(await billing.verify(tenantId)).toMatchObject({ balanceMicros: 1_000_000n, ok: true });
  });

  it("refuses missing, wrong, revoked and query-string keys with 401, and a key without the scope with 403", async () => {
    const { made, api } = await keyFor();
    expectError(await check(null), 401, 40100);
    expectError(await check("nc_live_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), 401, 40101);
    expectError(await check(null, undefined, `/api/v1/check?api_key=${made.secret}`), 401, 40102);
    expectError(await check(made.secret, undefined, `/api/v1/check?x=${made.secret}`), 401, 40102);
    const jobsOnly = expectOk<ApiKeyCreatedView>(
      await api("POST", "/api/tenant/apikey", { name: "jobs", scopes: ["jobs:read"], mode: "live" }),
    );
    expectError(await check(jobsOnly.secret), 403, 40300);
    expectOk(await api("POST", `/api/tenant/apikey/s/${made.key.id}/revoke`));
    expectError(await check(made.secret), 401, 40101);
  });

  it("bad input names its field; no key material reaches the log", async () => {
    const { made } = await keyFor();
    const res = await check(made.secret, { service: "basic" });
    expect(res.statusCode).toBe(400);
    expect(body<{ fields: { field: string }[] }>(res).data.fields.map((f) => f.field)).toContain("number");
    await check(null, undefined, `/api/v1/check?api_key=${made.secret}`);
    const lookup = made.secret.split("_")[2]!;
    expect(t.logs.join("\n")).not.toContain(lookup);
  });

  it("a batch answers every number in order; a number the balance no longer covers says so, uncharged", async () => {
    const { made, tenantId, billing } = await keyFor();
    const numbers = ["+447400123456", "not a phone", "+12025550100"];
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/check/batch",
      payload: { service: "basic", numbers },
      headers: { authorization: `Bearer ${made.secret}`, "accept-language": "es" },
    });
    const { items } = expectOk<{ items: { number: string; ok: boolean; data?: SingleCheckView }[] }>(res);
    expect(items.map((i) => [i.number, i.ok])).toEqual(numbers.map((n) => [n, true]));
    expect(items[1]!.data!.costMicros).toBe("0");
    const charged = items.reduce((sum, i) => sum + BigInt(i.data!.costMicros), 0n);
    expect(await billing.verify(tenantId)).toMatchObject({ balanceMicros: 1_000_000n - charged, ok: true });

    // Leave less than one check's price: the next number is refused in its place, in Spanish.
    await t.database.db.execute(sql`update accounts set balance_micros = 500 where tenant_id = ${tenantId}`);
    await t.database.db.execute(
      sql`insert into ledger_entries (id, tenant_id, trade_type, amount_micros, balance_after_micros, actor_type)
          values (gen_random_uuid(), ${tenantId}, 3, ${-(1_000_000n - charged - 500n)}, 500, 'system')`,
    );
    const poor = expectOk<{ items: { ok: boolean; error?: { code: number; msg: string } }[] }>(
      await t.app.inject({
        method: "POST",
        url: "/api/v1/check/batch",
        payload: { service: "basic", numbers: ["+447400123457"] },
        headers: { authorization: `Bearer ${made.secret}`, "accept-language": "es" },
      }),
    );
    expect(poor.items[0]).toMatchObject({ ok: false, error: { code: 40200 } });
    expect(poor.items[0]!.error!.msg).toMatch(/saldo/i);
    // The missing amount is written the Spanish way too.
    const missing = DEFAULT_STANDARD_PRICES.basic[0]! - 500n;
    expect(poor.items[0]!.error!.msg).toContain(formatMoney(missing, "USD", "es"));
    expectError(
      await t.app.inject({
        method: "POST",
        url: "/api/v1/check/batch",
        payload: { service: "basic", numbers: Array(101).fill("+447400123456") },
        headers: { authorization: `Bearer ${made.secret}` },
      }),
      400,
      40001,
    );
  });
});
