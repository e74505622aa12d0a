import type { TransactionDetail, TransactionPage } from "@nc/contracts/account";
import type { MoneySummaryDay, OperatorSupportView } from "@nc/contracts/operator";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../src/db/schema/index";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import {
  as,
  bankOrder,
  CONSOLE_ENV,
  customerOf,
  platformOperator,
  register,
  type SiteUser,
} from "./helpers/operators";
import { createTestApp, type TestApp } from "./helpers/test-app";

const TODAY = new Date().toISOString().slice(0, 10);

/** The console's money reports: the daily summary (and its CSV) and an organisation's ledger. */
describe("operator console: money reports", () => {
  let t: TestApp;
  let platform: SiteUser;
  let tenantId: string;

  beforeAll(async () => {
    // Each new organisation gets 3.00 to start with: a welcome credit, not an operator's addition.
    t = await createTestApp({ ...CONSOLE_ENV, WELCOME_CREDIT: "3" });
    platform = await platformOperator(t);
    const owner = await register(t, undefined, "Report Customer");
    tenantId = await customerOf(t, owner, "Report Shop");
    const { orderId } = await bankOrder(t, owner, tenantId, "100");
    expectOk(await as(t, platform)("POST", `/api/operator/recharges/${orderId}/confirm`, {}));
    expectOk(
      await as(t, platform)("POST", `/api/operator/customers/${tenantId}/balance`, {
        kind: "add",
        amount: "5",
        reason: "goodwill for the report",
        idempotencyKey: "report-add-1",
      }),
    );
    const billing = t.app.services.billing;
    for (const [service, tradeType, micros] of [
      ["basic", TRADE_TYPES.checkBasic, 1_000n],
      ["hlr", TRADE_TYPES.checkHlr, 8_000n],
      ["hlr", TRADE_TYPES.checkHlr, 8_000n],
    ] as const)
      await billing.charge({
        tenantId,
        tradeType,
        amountMicros: micros,
        service,
        quantity: 1,
        actor: { type: "system" },
      });
  });
  afterAll(() => t.close());

  const summary = (query: string) => as(t, platform)("GET", `/api/operator/money/summary?${query}`);

  it("sums the day's recharges, spend by service, welcome credits and corrections, per currency", async () => {
    const days = expectOk<MoneySummaryDay[]>(await summary(`from=${TODAY}&to=${TODAY}`));
    const today = days.find((d) => d.day === TODAY && d.currency === "USD");
    expect(today).toMatchObject({
      recharges: "100000000",
      welcome: "3000000",
      added: "5000000",
      subtracted: "0",
      spend: { basic: "1000", hlr: "16000" },
    });
    // A day with nothing is not listed.
    expect(expectOk<MoneySummaryDay[]>(await summary("from=2020-01-01&to=2020-01-31"))).toEqual([]);
  });

  it("downloads the same as CSV, one column per service", async () => {
    const res = await as(t, platform)("GET", `/api/operator/money/summary/export?from=${TODAY}&to=${TODAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    const columns = header!.split(",");
    expect(columns.slice(0, 3)).toEqual(["day", "currency", "recharges"]);
    const row = lines.map((l) => l.split(",")).find((cells) => cells[0] === TODAY && cells[1] === "USD")!;
    const cell = (name: string) => row[columns.indexOf(name)];
    expect([
      cell("recharges"),
      cell("spend_hlr"),
      cell("spend_basic"),
      cell("welcome"),
      cell("added"),
    ]).toEqual(["100.00", "0.016", "0.001", "3.00", "5.00"]);
  });

  it("refuses a range that ends before it starts or spans more than 92 days", async () => {
    expectFieldError(await summary("from=2026-02-01&to=2026-01-01"), "to", "before_start");
    expectFieldError(await summary("from=2026-01-01&to=2026-06-01"), "to", "out_of_range");
    expectFieldError(await summary("from=yesterday&to=2026-01-01"), "from", "invalid_format");
  });

  it("shows an organisation's ledger with the same rows and details its owners see", async () => {
    const page = expectOk<TransactionPage>(
      await as(t, platform)("GET", `/api/operator/customers/${tenantId}/transactions?limit=10`),
    );
    expect(page.currency).toBe("USD");
    const recharge = page.data.find((row) => row.tradeType === TRADE_TYPES.recharge)!;
    expect(recharge).toBeDefined();
    const detail = expectOk<TransactionDetail>(
      await as(t, platform)("GET", `/api/operator/customers/${tenantId}/transactions/${recharge.id}`),
    );
    expect(detail.id).toBe(recharge.id);
    expectError(
      await as(t, platform)(
        "GET",
        `/api/operator/customers/${tenantId}/transactions/00000000-0000-4000-8000-000000000000`,
      ),
      404,
      40400,
    );
  });

  it("opens the organisation read-only as support: members and latest jobs, and its owners see that support looked", async () => {
    const view = expectOk<OperatorSupportView>(
      await as(t, platform)("GET", `/api/operator/customers/${tenantId}/support`),
    );
    expect(view.members).toEqual([expect.objectContaining({ name: "Report Customer", role: "owner" })]);
    expect(view.jobs).toEqual([]);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "support.viewed"), eq(auditEvents.tenantId, tenantId)));
    expect(event).toMatchObject({ actorType: "operator", actorLabel: platform.email, actorId: platform.id });
  });
});
