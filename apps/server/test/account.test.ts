import type { AccountOverview, SeriesPoint } from "@nc/contracts/account";
import type { NoticePage } from "@nc/contracts/notices";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notices, tenants } from "../src/db/schema/index";
import { expectOk, registerUser } from "./helpers/accounts";
import { fundedTenant, system } from "./helpers/billing";
import { createTenant, expectCode, inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const charge = (amountMicros: bigint) => ({
  tradeType: TRADE_TYPES.checkHlr,
  amountMicros,
  service: "hlr",
  quantity: 1,
  actor: system,
});

describe("account overview, chart and low-balance threshold", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("shows balance, currency, spending this month (net of refunds) and the threshold", async () => {
    const { tenantId, owner, billing } = await fundedTenant(t, 10_000_000n);
    await billing.charge({ tenantId, ...charge(2_000_000n) });
    await billing.credit({ tenantId, tradeType: TRADE_TYPES.refund, amountMicros: 500_000n, actor: system });
    await billing.credit({ tenantId, tradeType: TRADE_TYPES.add, amountMicros: 1_000_000n, actor: system });
    const data = expectOk<AccountOverview>(await inTenant(t, owner, tenantId)("GET", "/api/tenant/account"));
    expect(data).toEqual({
      currency: "USD",
      balanceMicros: "9500000",
      spendingThisMonthMicros: "1500000",
      lowBalanceThresholdMicros: null,
      timeZone: "UTC",
      // An operator's addition is not a welcome credit.
      welcomeCreditMicros: "0",
    });
  });

  it("a tenant with no money yet has an empty account, not an error", async () => {
    const { tenantId, owner } = await fundedTenant(t);
    const data = expectOk<AccountOverview>(await inTenant(t, owner, tenantId)("GET", "/api/tenant/account"));
    expect(data.balanceMicros).toBe("0");
    // Created today: the chart has today alone, no days before the organisation existed.
    const series = expectOk<SeriesPoint[]>(
      await inTenant(t, owner, tenantId)("GET", "/api/tenant/account/series?days=3"),
    );
    expect(series.map((p) => p.balanceMicros)).toEqual(["0"]);
    await t.database.db.execute(
      sql`update tenants set created_at = now() - interval '1 day' where id = ${tenantId}`,
    );
    const sinceYesterday = expectOk<SeriesPoint[]>(
      await inTenant(t, owner, tenantId)("GET", "/api/tenant/account/series?days=3"),
    );
    expect(sinceYesterday).toHaveLength(2);
  });

  it("series: one point per day in the tenant's time zone with closing balance and spending", async () => {
    const { tenantId, owner, billing } = await fundedTenant(t, 10_000_000n);
    await t.database.db
      .update(tenants)
      .set({ timezoneCode: "Asia/Tokyo", createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(tenants.id, tenantId));
    const { entry } = await billing.charge({ tenantId, ...charge(1_000_000n) });
    // Move the opening recharge to three days ago, so the chart shows it closing days before today.
    await t.database.db.execute(
      sql`update ledger_entries set created_at = now() - interval '3 days' where tenant_id = ${tenantId} and id <> ${entry.id}`,
    );
    const series = expectOk<SeriesPoint[]>(
      await inTenant(t, owner, tenantId)("GET", "/api/tenant/account/series?days=5"),
    );
    expect(series).toHaveLength(5);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date());
    expect(series.at(-1)).toEqual({ day: today, balanceMicros: "9000000", spendingMicros: "1000000" });
    expect(series[0]).toMatchObject({ balanceMicros: "0", spendingMicros: "0" });
    expect(series[1]).toMatchObject({ balanceMicros: "10000000", spendingMicros: "0" });
    expectCode(await inTenant(t, owner, tenantId)("GET", "/api/tenant/account/series?days=0"), 400, 40001);
  });

  it("Finance reads the account and statement; Viewer is refused; only tenant:update sets the threshold", async () => {
    const { tenantId, owner } = await fundedTenant(t, 1_000_000n);
    const finance = inTenant(t, await memberWithRole(t, tenantId, "finance"), tenantId);
    const viewer = inTenant(t, await memberWithRole(t, tenantId, "viewer"), tenantId);
    for (const url of [
      "/api/tenant/account",
      "/api/tenant/account/series",
      "/api/tenant/account/transactions",
      "/api/tenant/account/transactions/export?format=csv",
    ]) {
      expect((await finance("GET", url)).statusCode, url).toBe(200);
      expectCode(await viewer("GET", url), 403, 40300);
    }
    expectCode(
      await finance("POST", "/api/tenant/account/settings", { lowBalanceThreshold: "1" }),
      403,
      40300,
    );
    expectOk(
      await inTenant(t, owner, tenantId)("POST", "/api/tenant/account/settings", {
        lowBalanceThreshold: "1",
      }),
    );
  });

  it("validates the threshold and clears it with null", async () => {
    const { tenantId, owner } = await fundedTenant(t);
    const call = inTenant(t, owner, tenantId);
    for (const bad of ["-1", "1e3", "abc", "1.1234567"])
      expectCode(
        await call("POST", "/api/tenant/account/settings", { lowBalanceThreshold: bad }),
        400,
        40001,
      );
    expect(
      expectOk(await call("POST", "/api/tenant/account/settings", { lowBalanceThreshold: "12.5" })),
    ).toEqual({ lowBalanceThresholdMicros: "12500000" });
    expect(
      expectOk<AccountOverview>(await call("GET", "/api/tenant/account")).lowBalanceThresholdMicros,
    ).toBe("12500000");
    expectOk(await call("POST", "/api/tenant/account/settings", { lowBalanceThreshold: null }));
    expect(
      expectOk<AccountOverview>(await call("GET", "/api/tenant/account")).lowBalanceThresholdMicros,
    ).toBeNull();
  });

  it("raises the low-balance notice exactly once per crossing, in the reader's language", async () => {
    const { tenantId, owner, billing } = await fundedTenant(t, 10_000_000n);
    const call = inTenant(t, owner, tenantId);
    expectOk(await call("POST", "/api/tenant/account/settings", { lowBalanceThreshold: "5" }));
    const count = async () =>
      (await t.database.db.select().from(notices).where(eq(notices.tenantId, tenantId))).filter(
        (n) => n.type === "low_balance",
      ).length;

    await billing.charge({ tenantId, ...charge(4_000_000n) }); // 6: above
    expect(await count()).toBe(0);
    await billing.charge({ tenantId, ...charge(2_000_000n) }); // 4: crosses below
    expect(await count()).toBe(1);
    await billing.charge({ tenantId, ...charge(1_000_000n) }); // 3: still below
    expect(await count()).toBe(1);

    // A bulk hold and its release: the release lifts the balance above, the next debit crosses again.
    const { reservation } = await billing.reserve({
      tenantId,
      tradeType: TRADE_TYPES.dataWebDetection,
      amountMicros: 3_000_000n,
      actor: system,
    }); // 0
    expect(await count()).toBe(1);
    await billing.credit({
      tenantId,
      tradeType: TRADE_TYPES.recharge,
      amountMicros: 4_000_000n,
      actor: system,
    }); // 4
    await billing.release(tenantId, reservation.id, system); // 7: lifted above
    expect(await count()).toBe(1);
    await billing.charge({ tenantId, ...charge(2_500_000n) }); // 4.5: crosses again
    expect(await count()).toBe(2);

    const page = expectOk<NoticePage>(
      await inTenant(t, owner, tenantId)("GET", "/api/tenant/notice?page=1&pageSize=20"),
    );
    const notice = page.data.find((n) => n.type === "low_balance")!;
    expect(notice.title).toContain("Low balance");
    expect(notice.content).toContain("$4.50");
    expect(notice.content).toContain("$5.00");
    expect(notice.content).toContain("(/dashboard/account)");
  });

  it("setting a threshold above the balance raises nothing until the balance crosses again", async () => {
    const { tenantId, owner, billing } = await fundedTenant(t, 3_000_000n);
    expectOk(
      await inTenant(t, owner, tenantId)("POST", "/api/tenant/account/settings", {
        lowBalanceThreshold: "5",
      }),
    );
    await billing.charge({ tenantId, ...charge(1_000_000n) });
    const rows = await t.database.db.select().from(notices).where(eq(notices.tenantId, tenantId));
    expect(rows.filter((n) => n.type === "low_balance")).toHaveLength(0);
    expect((await billing.verify(tenantId)).ok).toBe(true);
  });
});

describe("account overview of a new organisation with a welcome credit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WELCOME_CREDIT: "5" });
  });
  afterAll(() => t.close());

  it("says how much of the balance was a welcome credit, so the page can say where the money came from", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Welcome Co");
    const data = expectOk<AccountOverview>(await inTenant(t, owner, tenantId)("GET", "/api/tenant/account"));
    expect(data).toMatchObject({ balanceMicros: "5000000", welcomeCreditMicros: "5000000" });
  });
});
