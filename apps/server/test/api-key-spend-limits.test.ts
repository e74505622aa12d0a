import type { ApiKeyCreatedView, ApiKeyView } from "@nc/contracts/api-keys";
import { microsToDecimal } from "@nc/contracts/money";
import type { NoticeItem, NoticePage } from "@nc/contracts/notices";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../src/db/query";
import { detectionService } from "../src/features/detection/detection-service";
import { DEFAULT_STANDARD_PRICES } from "../src/features/price/price-service";
import { call as callAs, expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { keyCaller } from "./helpers/api-client";
import { fundedTenant } from "./helpers/billing";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Spend limits per API key (docs/api.md, "Spend limits"): set when a key is made or later by
 * those who may make keys, shown with what the key spent, enforced check by check with the key's
 * own 402 (40201), a job's hold counted when it is taken, each threshold announced once.
 */
const PRICE = DEFAULT_STANDARD_PRICES.basic[0]!;
const NUMBER = "+442079460000";

describe("API key spend limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function keyWith(limits: { dailyLimit?: string | null; monthlyLimit?: string | null }) {
    const org = await fundedTenant(t, PRICE * 1_000n);
    const made = expectOk<ApiKeyCreatedView>(
      await org.api("POST", "/api/tenant/apikey", {
        name: "shop",
        scopes: ["check", "jobs:write", "usage:read"],
        mode: "live",
        ...limits,
      }),
    );
    return { ...org, key: made.key, call: keyCaller(t, made.secret) };
  }
  const check = (call: ReturnType<typeof keyCaller>) =>
    call("POST", "/api/v1/check", { service: "basic", number: NUMBER });
  const noticesOf = (tenantId: string) =>
    queryRows<{ type: string; params: Record<string, string> }>(
      t.database.db,
      sql`select type, params from notices where tenant_id = ${tenantId} and type like 'api_key_spend%' order by created_at`,
    );

  it("charges up to the daily limit, refuses past it with 40201, shows the spend, announces 80 % and 100 % once", async () => {
    const { call, api, key, tenantId, billing } = await keyWith({ dailyLimit: microsToDecimal(PRICE * 5n) });
    expect(key.spend).toMatchObject({
      dailyLimitMicros: String(PRICE * 5n),
      monthlyLimitMicros: null,
      todayMicros: "0",
    });
    for (let i = 0; i < 5; i++) expectOk(await check(call));
    const refused = expectError<{ period: string; limitMicros: string }>(await check(call), 402, 40201);
    expect(refused.data).toMatchObject({ period: "day", limitMicros: String(PRICE * 5n) });
    expectError(await check(call), 402, 40201);

    const [listed] = expectOk<ApiKeyView[]>(await api("GET", "/api/tenant/apikey"));
    expect(listed!.spend).toMatchObject({
      todayMicros: String(PRICE * 5n),
      thisMonthMicros: String(PRICE * 5n),
      dailyLimitMicros: String(PRICE * 5n),
    });
    expect((await noticesOf(tenantId)).map((n) => n.type)).toEqual([
      "api_key_spend_warning",
      "api_key_spend_reached",
    ]);
    expect((await billing.verify(tenantId)).ok).toBe(true);

    // The public API shows the calling key's limits beside the balance.
    const balance = expectOk<{ key: Record<string, string | null> }>(await call("GET", "/api/v1/balance"));
    expect(balance.key).toEqual({
      dailyLimitMicros: String(PRICE * 5n),
      monthlyLimitMicros: null,
      todayMicros: String(PRICE * 5n),
      thisMonthMicros: String(PRICE * 5n),
    });

    // Raised: the key charges again at once; lowered to a monthly cap: refused for the month.
    expectOk(
      await api("POST", `/api/tenant/apikey/s/${key.id}/limits`, {
        dailyLimit: microsToDecimal(PRICE * 10n),
        monthlyLimit: null,
      }),
    );
    expectOk(await check(call));
    const capped = expectOk<ApiKeyView>(
      await api("POST", `/api/tenant/apikey/s/${key.id}/limits`, {
        dailyLimit: null,
        monthlyLimit: microsToDecimal(PRICE * 6n),
      }),
    );
    expect(capped.spend).toMatchObject({ dailyLimitMicros: null, monthlyLimitMicros: String(PRICE * 6n) });
    const monthly = expectError<{ period: string }>(await check(call), 402, 40201);
    expect(monthly.data.period).toBe("month");
  });

  it("in a batch, the checks within the limit are charged and those past it refused in their places", async () => {
    const { call } = await keyWith({ dailyLimit: microsToDecimal(PRICE * 3n) });
    const answer = expectOk<{ items: { ok: boolean; error?: { code: number } }[] }>(
      await call("POST", "/api/v1/check/batch", { service: "basic", numbers: Array(5).fill(NUMBER) }),
    );
    expect(answer.items.map((i) => (i.ok ? "ok" : i.error!.code))).toEqual(["ok", "ok", "ok", 40201, 40201]);
  });

  it("a job's hold counts against the key's limit when it is taken, refused with 40201 past it", async () => {
    const { call, tenantId } = await keyWith({ dailyLimit: microsToDecimal(PRICE * 3n) });
    const numbers = ["+447400123456", "+447400123457", "+447400123458", "+447400123459"];
    expectError(await call("POST", "/api/v1/jobs", { service: "basic", numbers }), 402, 40201);
    const ledger = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_entries where tenant_id = ${tenantId} and amount_micros < 0`,
    );
    expect(ledger[0]!.n).toBe(0);
    expectOk(await call("POST", "/api/v1/jobs", { service: "basic", numbers: numbers.slice(0, 3) }));
    expectError(await check(call), 402, 40201);
  });

  it("bad limits name their field; only those who may make keys set them, and only on their own keys", async () => {
    const { api, key, tenantId } = await keyWith({});
    expectFieldError(
      await api("POST", "/api/tenant/apikey", {
        name: "x",
        scopes: ["check"],
        mode: "live",
        dailyLimit: "0",
      }),
      "dailyLimit",
      "operator_amount_invalid",
    );
    expectFieldError(
      await api("POST", `/api/tenant/apikey/s/${key.id}/limits`, { dailyLimit: "-1", monthlyLimit: null }),
      "dailyLimit",
      "operator_amount_invalid",
    );
    const limits = { dailyLimit: "1", monthlyLimit: null };
    const finance = inTenant(t, await memberWithRole(t, tenantId, "finance"), tenantId);
    expectError(await finance("POST", `/api/tenant/apikey/s/${key.id}/limits`, limits), 403, 40300);
    const viewer = inTenant(t, await memberWithRole(t, tenantId, "viewer"), tenantId);
    expectError(await viewer("POST", `/api/tenant/apikey/s/${key.id}/limits`, limits), 403, 40300);

    const other = await fundedTenant(t);
    expectError(await other.api("POST", `/api/tenant/apikey/s/${key.id}/limits`, limits), 404, 40400);
    const [row] = await queryRows<{ daily: string | null }>(
      t.database.db,
      sql`select daily_limit_micros::text as daily from api_keys where id = ${key.id}`,
    );
    expect(row!.daily).toBeNull();
  });

  it("a key's checks under its limits keep the one-statement charge; the 80 % crossing goes the locked way", async () => {
    const { key, tenantId, owner } = await keyWith({ dailyLimit: microsToDecimal(PRICE * 10n) });
    const detection = detectionService(t.database.db, t.app.services.lookup, t.app.services);
    const check = () =>
      detection.check({
        tenantId,
        userId: owner.id,
        service: "basic",
        number: NUMBER,
        apiKey: { id: key.id, test: false },
      });
    // The charge's locked way is a transaction opened by chargeBatch; other work of the app (its
    // sweepers, buffers' flushes) may open transactions meanwhile and is not counted.
    const db = t.database.db;
    const real = db.transaction.bind(db);
    let lockedCharges = 0;
    const transactions = vi.spyOn(db, "transaction").mockImplementation(((
      ...args: Parameters<typeof real>
    ) => {
      if (new Error().stack?.includes("chargeBatch")) lockedCharges++;
      return real(...args);
    }) as typeof real);
    await check();
    lockedCharges = 0;
    for (let i = 0; i < 6; i++) await check();
    expect(lockedCharges).toBe(0);
    await check();
    expect(lockedCharges).toBe(1);
    transactions.mockRestore();

    // The warning reads in the member's language, money and period included.
    const res = await callAs(t, "GET", "/api/tenant/notice?pageSize=100", undefined, {
      sid: owner.sid,
      headers: { "x-tenant-id": tenantId, "x-locale": "es" },
    });
    const warning = expectOk<NoticePage>(res).data.find(
      (n: NoticeItem) => n.type === "api_key_spend_warning",
    );
    expect(warning?.title).toBe("La clave de API shop ha gastado el 80 % de su límite");
    expect(warning?.content).toContain("límite diario de");
  });
});
