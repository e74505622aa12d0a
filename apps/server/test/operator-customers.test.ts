import type {
  OperatorAuditPage,
  OperatorCustomerPage,
  OperatorCustomerView,
  OperatorRechargeView,
} from "@nc/contracts/operator";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import {
  as,
  bankOrder,
  CONSOLE_ENV,
  customerOf,
  ownerPages,
  type PartnerSide,
  partnerSide,
  platformOperator,
  register,
  type SiteUser,
} from "./helpers/operators";
import { joinTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const system = { type: "system" as const };

/** Finding customers, their money this month, and paging the console's lists. */
describe("operator console: customers, orders and the audit log", () => {
  let t: TestApp;
  let a: PartnerSide;
  let b: PartnerSide;
  let platform: SiteUser;
  const made: { id: string; name: string; owner: SiteUser }[] = [];

  beforeAll(async () => {
    t = await createTestApp(CONSOLE_ENV);
    a = await partnerSide(t, "Alpha");
    b = await partnerSide(t, "Beta");
    platform = await platformOperator(t);
    for (const name of ["Zebra Telecom", "Yak 100% Calls", "Xylo_Data"]) {
      const owner = await register(t, a.host, `${name} Owner`);
      made.push({ id: await customerOf(t, owner, name), name, owner });
    }
  });
  afterAll(() => t.close());

  const search = async (user: SiteUser, query: string) =>
    expectOk<OperatorCustomerPage>(await as(t, user)("GET", `/api/operator/customers?${query}`));
  const names = (page: OperatorCustomerPage) => page.items.map((c) => c.name);

  it("finds customers by part of the name, whatever the case", async () => {
    expect(names(await search(a.operator, "q=zebra"))).toEqual(["Zebra Telecom"]);
    expect(names(await search(a.operator, "q=TELECOM"))).toEqual(["Zebra Telecom"]);
  });

  it("finds customers by part of the owner's e-mail and by exact id", async () => {
    const [zebra, yak] = made;
    expect(names(await search(a.operator, `q=${encodeURIComponent(yak!.owner.email)}`))).toEqual([yak!.name]);
    expect(names(await search(a.operator, `q=${zebra!.id}`))).toEqual([zebra!.name]);
    expect((await search(a.operator, `q=${zebra!.id}`)).items[0]).toMatchObject({
      id: zebra!.id,
      ownerEmail: zebra!.owner.email,
      partnerId: a.partner.id,
      partnerName: a.partner.name,
      status: "active",
      members: 1,
    });
  });

  it("takes % and _ in the text literally", async () => {
    expect(names(await search(a.operator, `q=${encodeURIComponent("100%")}`))).toEqual(["Yak 100% Calls"]);
    expect(names(await search(a.operator, `q=${encodeURIComponent("o_D")}`))).toEqual(["Xylo_Data"]);
    expect(names(await search(a.operator, `q=${encodeURIComponent("%")}`))).toEqual(["Yak 100% Calls"]);
    expect(names(await search(a.operator, "q=_"))).toEqual(["Xylo_Data"]);
  });

  it("pages newest first by cursor without repeats, and refuses a malformed cursor", async () => {
    const all = await search(a.operator, "limit=100");
    expect(all.nextCursor).toBeNull();
    expect(all.items.length).toBe(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await search(a.operator, query);
      expect(page.items.length).toBe(1);
      seen.push(page.items[0]!.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((c) => c.id));
    expectFieldError(
      await as(t, a.operator)("GET", "/api/operator/customers?cursor=garbage"),
      "cursor",
      "invalid",
    );
  });

  it("names the field of a bad search", async () => {
    const get = (query: string) => as(t, a.operator)("GET", `/api/operator/customers?${query}`);
    expectFieldError(await get("limit=0"), "limit", "out_of_range");
    expectError(await get("limit=101"), 400, 40001);
    expectError(await get("partnerId=alpha"), 400, 40001);
    expectFieldError(await get(`q=${"x".repeat(201)}`), "q", "too_long");
  });

  it("lets the platform operator search every partner, or one by partnerId", async () => {
    const everyone = await search(platform, "limit=100");
    expect(everyone.items.map((c) => c.id)).toEqual(expect.arrayContaining([a.tenantId, b.tenantId]));
    const onlyB = await search(platform, `limit=100&partnerId=${b.partner.id}`);
    expect(onlyB.items.map((c) => c.id)).toEqual([b.tenantId]);
    expect((await search(a.operator, `limit=100&partnerId=${b.partner.id}`)).items).toEqual([]);
  });

  it("shows this month's spend by service, net of refunds, as the customer sees its total", async () => {
    const zebra = made[0]!;
    const billing = t.app.services.billing;
    await billing.credit({
      tenantId: zebra.id,
      tradeType: TRADE_TYPES.recharge,
      amountMicros: 100_000_000n,
      actor: system,
    });
    const charge = (tradeType: number, service: string, amountMicros: bigint) =>
      billing.charge({ tenantId: zebra.id, tradeType, service, amountMicros, actor: system });
    await charge(TRADE_TYPES.checkBasic, "basic", 1_250_000n);
    await charge(TRADE_TYPES.checkHlr, "hlr", 750_000n);
    const old = await charge(TRADE_TYPES.checkMnp, "mnp", 9_000_000n);
    // Last month's check is not this month's spend.
    await t.database.db.execute(
      sql`update ledger_entries set created_at = now() - interval '40 days' where id = ${old.entry.id}`,
    );
    // A bulk hold on HLR of which 2 of 3 come back: the refund counts against HLR, not apart.
    const hold = await billing.reserve({
      tenantId: zebra.id,
      tradeType: TRADE_TYPES.dataWebDetection,
      service: "hlr",
      amountMicros: 3_000_000n,
      actor: system,
    });
    await billing.settle(zebra.id, hold.reservation.id, 1_000_000n);
    await billing.release(zebra.id, hold.reservation.id, system);
    // An operator's refund names no service.
    await billing.credit({
      tenantId: zebra.id,
      tradeType: TRADE_TYPES.refund,
      amountMicros: 250_000n,
      actor: system,
    });
    const view = expectOk<OperatorCustomerView>(
      await as(t, a.operator)("GET", `/api/operator/customers/${zebra.id}`),
    );
    const monthSpend = {
      totalMicros: "2750000",
      byService: [
        { service: "basic", micros: "1250000" },
        { service: "hlr", micros: "1750000" },
        { service: "other", micros: "-250000" },
      ],
    };
    expect(view).toMatchObject({ monthSpend, balanceMicros: "88250000", currency: "USD" });
    expect(view.lastActivityAt).not.toBeNull();
    const own = await ownerPages(t, zebra.owner, zebra.id).account();
    expect(own.spendingThisMonthMicros).toBe(view.monthSpend.totalMicros);
    expect(own.balanceMicros).toBe(view.balanceMicros);

    // The list reads the same split for every row of the page; a customer with no spend has none.
    const page = await search(a.operator, "limit=100");
    expect(page.items.find((c) => c.id === zebra.id)?.monthSpend).toEqual(monthSpend);
    expect(page.items.find((c) => c.id === made[1]!.id)?.monthSpend).toEqual({
      totalMicros: "0",
      byService: [],
    });
    // Another partner's operator still reaches neither the customer nor its spend.
    expectError(await as(t, b.operator)("GET", `/api/operator/customers/${zebra.id}`), 404, 40400);
    expect((await search(b.operator, "limit=100")).items.map((c) => c.id)).not.toContain(zebra.id);
  });

  it("counts members and answers an unknown customer 404", async () => {
    const yak = made[1]!;
    await joinTenant(t, yak.id, await register(t, a.host, "Yak Member"), "viewer");
    expect(
      expectOk<OperatorCustomerView>(await as(t, a.operator)("GET", `/api/operator/customers/${yak.id}`))
        .members,
    ).toBe(2);
    expectError(
      await as(t, a.operator)("GET", "/api/operator/customers/0190a0e0-0000-7000-8000-000000000000"),
      404,
      40400,
    );
    expectError(await as(t, a.operator)("GET", "/api/operator/customers/not-an-id"), 400, 40001);
  });

  it("lists bank-transfer orders by status, pending by default", async () => {
    const zebra = made[0]!;
    const { orderId } = await bankOrder(t, zebra.owner, zebra.id, "12");
    const list = async (query: string) =>
      expectOk<OperatorRechargeView[]>(await as(t, a.operator)("GET", `/api/operator/recharges${query}`)).map(
        (o) => o.id,
      );
    expect(await list("")).toEqual(expect.arrayContaining([orderId, a.orderId]));
    expectOk(await as(t, a.operator)("POST", `/api/operator/recharges/${orderId}/confirm`, {}));
    expect(await list("")).not.toContain(orderId);
    expect(await list("?status=paid")).toEqual([orderId]);
    expect(await list("?status=all")).toEqual(expect.arrayContaining([orderId, a.orderId]));
    expectFieldError(
      await as(t, a.operator)("GET", "/api/operator/recharges?status=lost"),
      "status",
      "invalid_value",
    );
  });

  it("pages the audit log newest first by cursor, and refuses a malformed cursor", async () => {
    const full = expectOk<OperatorAuditPage>(await as(t, a.operator)("GET", "/api/operator/audit?limit=100"));
    expect(full.items.length).toBeGreaterThanOrEqual(2);
    const first = expectOk<OperatorAuditPage>(await as(t, a.operator)("GET", "/api/operator/audit?limit=1"));
    const second = expectOk<OperatorAuditPage>(
      await as(t, a.operator)(
        "GET",
        `/api/operator/audit?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
      ),
    );
    expect([first.items[0]!.id, second.items[0]!.id]).toEqual(full.items.slice(0, 2).map((e) => e.id));
    expectFieldError(
      await as(t, a.operator)("GET", "/api/operator/audit?cursor=garbage"),
      "cursor",
      "invalid",
    );
    expectError(await as(t, a.operator)("GET", "/api/operator/audit?limit=0"), 400, 40001);
  });
});
