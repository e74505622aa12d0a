import type { AuditPage } from "@nc/contracts/audit";
import type {
  BalanceAdjusted,
  OperatorAuditEventView,
  OperatorAuditPage,
  OperatorRechargeView,
} from "@nc/contracts/operator";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceCommands } from "../src/cli/commands/balance";
import { auditEvents } from "../src/db/schema/index";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { runCommand } from "./helpers/cli";
import {
  as,
  bankOrder,
  CONSOLE_ENV,
  type Confirmed,
  newCustomer,
  type PartnerSide,
  partnerSide,
} from "./helpers/operators";
import { createTestApp, type TestApp } from "./helpers/test-app";

const IP = "198.51.100.23";

/** Bank transfers and balance corrections from the console (docs/operations.md, "Balance and recharges"). */
describe("operator console: money", () => {
  let t: TestApp;
  let a: PartnerSide;
  beforeAll(async () => {
    t = await createTestApp(CONSOLE_ENV);
    a = await partnerSide(t, "Alpha");
  });
  afterAll(() => t.close());

  const op = (method: "GET" | "POST", url: string, body?: object) =>
    as(t, a.operator)(method, url, body, { ip: IP });
  const confirm = (orderId: string, body: object = {}) =>
    op("POST", `/api/operator/recharges/${orderId}/confirm`, body);
  const reject = (orderId: string, body: object = {}) =>
    op("POST", `/api/operator/recharges/${orderId}/reject`, body);
  const adjust = (tenantId: string, body: object) =>
    op("POST", `/api/operator/customers/${tenantId}/balance`, body);

  const customer = (name: string) => newCustomer(t, a.host, name);
  const eventsFor = async (targetId: string): Promise<OperatorAuditEventView[]> =>
    expectOk<OperatorAuditPage>(await op("GET", "/api/operator/audit?limit=100")).items.filter(
      (e) => e.targetId === targetId,
    );

  it("confirm credits the ordered amount once, tells the customer, and is audited with e-mail and IP", async () => {
    const c = await customer("Confirm Org");
    const { orderId, reference } = await bankOrder(t, c.owner, c.tenantId, "40");
    const pending = expectOk<OperatorRechargeView[]>(await op("GET", "/api/operator/recharges"));
    expect(pending.find((o) => o.id === orderId)).toMatchObject({
      status: "pending",
      reference,
      tenantId: c.tenantId,
    });

    const first = expectOk<Confirmed>(await confirm(orderId));
    expect(first).toMatchObject({
      credited: true,
      order: { status: "paid", amountMicros: "40000000", receivedMicros: "40000000" },
    });
    expect(await c.balance()).toBe("40000000");
    const ledger = await c.ledger();
    expect(ledger.map((e) => [e.tradeType, e.amountMicros, e.actorType, e.actorId])).toEqual([
      [TRADE_TYPES.recharge, "40000000", "operator", a.operator.email],
    ]);
    expect((await c.notices()).map((n) => n.type)).toEqual(["recharge_credited"]);
    expect(await eventsFor(orderId)).toEqual([
      expect.objectContaining({
        action: "recharge.confirmed",
        actorLabel: a.operator.email,
        ip: IP,
        tenantId: c.tenantId,
      }),
    ]);

    // A double click, or a second operator: nothing more is credited, nobody is told twice.
    const second = expectOk<Confirmed>(await confirm(orderId, { received: "45" }));
    expect(second).toMatchObject({ credited: false, order: { status: "paid", receivedMicros: "40000000" } });
    expect(await c.balance()).toBe("40000000");
    expect(await c.ledger()).toHaveLength(1);
    expect(await c.notices()).toHaveLength(1);
    expect(await eventsFor(orderId)).toHaveLength(1);
  });

  it("confirm with what arrived credits that amount and keeps the note", async () => {
    const c = await customer("Received Org");
    const { orderId } = await bankOrder(t, c.owner, c.tenantId, "40");
    const done = expectOk<Confirmed>(await confirm(orderId, { received: "38.50", note: "bank fee taken" }));
    expect(done.order).toMatchObject({
      amountMicros: "40000000",
      receivedMicros: "38500000",
      note: "bank fee taken",
    });
    expect(await c.balance()).toBe("38500000");
    expect((await c.ledger())[0]).toMatchObject({ amountMicros: "38500000", note: "bank fee taken" });
    expect((await eventsFor(orderId))[0]!.details).toMatchObject({
      receivedMicros: "38500000",
      reason: "bank fee taken",
    });
  });

  it("a rejected order cannot be confirmed (40902), nor a paid one rejected", async () => {
    const c = await customer("Reject Org");
    const { orderId } = await bankOrder(t, c.owner, c.tenantId, "20");
    const rejected = expectOk<OperatorRechargeView>(await reject(orderId, { note: "no transfer arrived" }));
    expect(rejected).toMatchObject({ status: "failed", note: "no transfer arrived" });
    expectError(await confirm(orderId), 409, 40902);
    expectError(await reject(orderId), 409, 40902);
    expect(await c.balance()).toBe("0");
    expect((await eventsFor(orderId)).map((e) => [e.action, e.actorLabel, e.ip])).toEqual([
      ["recharge.rejected", a.operator.email, IP],
    ]);

    const paid = await bankOrder(t, c.owner, c.tenantId, "20");
    expectOk(await confirm(paid.orderId));
    expectError(await reject(paid.orderId), 409, 40902);
    expect(await c.balance()).toBe("20000000");
  });

  it("names the field of a bad confirm or reject, and answers an unknown order 404", async () => {
    const c = await customer("Bad Confirm Org");
    const { orderId } = await bankOrder(t, c.owner, c.tenantId, "20");
    expectFieldError(await confirm(orderId, { received: "0" }), "received", "operator_amount_invalid");
    expectFieldError(await confirm(orderId, { received: "-5" }), "received", "operator_amount_invalid");
    expectFieldError(
      await confirm(orderId, { received: "1.1234567" }),
      "received",
      "operator_amount_invalid",
    );
    expectFieldError(await confirm(orderId, { note: "x".repeat(501) }), "note", "too_long");
    expectFieldError(await reject(orderId, { note: "x".repeat(501) }), "note", "too_long");
    expectError(await confirm("0190a0e0-0000-7000-8000-000000000000"), 404, 40400);
    expectError(await reject("0190a0e0-0000-7000-8000-000000000000"), 404, 40400);
    expectError(await confirm("not-an-id"), 400, 40001);
    expect(await c.balance()).toBe("0");
  });

  it("add, sub and refund post ledger rows with the reason, audited with e-mail and IP", async () => {
    const c = await customer("Adjust Org");
    const add = expectOk<BalanceAdjusted>(
      await adjust(c.tenantId, {
        kind: "add",
        amount: "10",
        reason: "goodwill",
        idempotencyKey: "adj-add-0001",
      }),
    );
    expect(add).toMatchObject({ balanceMicros: "10000000", currency: "USD", replayed: false });
    expectOk(
      await adjust(c.tenantId, {
        kind: "sub",
        amount: "2.5",
        reason: "correction",
        idempotencyKey: "adj-sub-0001",
      }),
    );
    const refund = expectOk<BalanceAdjusted>(
      await adjust(c.tenantId, {
        kind: "refund",
        amount: "1",
        reason: "failed job",
        idempotencyKey: "adj-ref-0001",
      }),
    );
    expect(refund.balanceMicros).toBe("8500000");
    expect(await c.balance()).toBe("8500000");
    expect(
      (await c.ledger()).map((e) => [e.tradeType, e.amountMicros, e.note, e.actorType, e.actorId]),
    ).toEqual([
      [TRADE_TYPES.refund, "1000000", "failed job", "operator", a.operator.email],
      [TRADE_TYPES.sub, "-2500000", "correction", "operator", a.operator.email],
      [TRADE_TYPES.add, "10000000", "goodwill", "operator", a.operator.email],
    ]);
    const audit = expectOk<OperatorAuditPage>(await op("GET", "/api/operator/audit?limit=100")).items.filter(
      (e) => e.tenantId === c.tenantId,
    );
    expect(audit.map((e) => [e.action, e.actorLabel, e.ip, e.details.reason])).toEqual([
      ["balance.refunded", a.operator.email, IP, "failed job"],
      ["balance.subtracted", a.operator.email, IP, "correction"],
      ["balance.added", a.operator.email, IP, "goodwill"],
    ]);
    expect(audit[0]!.summary).toBeTruthy();
  });

  it("names the operator by user id as well as e-mail, with IP and browser, in the organisation's own audit log", async () => {
    const c = await customer("Who Org");
    const paid = await bankOrder(t, c.owner, c.tenantId, "20");
    const failed = await bankOrder(t, c.owner, c.tenantId, "20");
    expectOk(await confirm(paid.orderId));
    expectOk(await reject(failed.orderId));
    expectOk(
      await adjust(c.tenantId, {
        kind: "add",
        amount: "1",
        reason: "goodwill",
        idempotencyKey: "who-add-0001",
      }),
    );
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.tenantId, c.tenantId));
    const byOperator = rows.filter((r) => r.actorType === "operator");
    expect(byOperator.map((r) => r.action).sort()).toEqual([
      "balance.added",
      "recharge.confirmed",
      "recharge.rejected",
    ]);
    for (const row of byOperator)
      expect([row.action, row.actorId, row.actorLabel, row.ip, row.userAgent]).toEqual([
        row.action,
        a.operator.id,
        a.operator.email,
        IP,
        "lightMyRequest",
      ]);
    // The organisation's own Owners see on its Audit log tab that an operator moved their money.
    const own = expectOk<AuditPage>(
      await as(t, c.owner)("GET", "/api/tenant/audit", undefined, { headers: { "x-tenant-id": c.tenantId } }),
    );
    expect(
      own.data
        .filter((e) => e.actor.type === "operator")
        .map((e) => [e.action, e.actor.name])
        .sort(),
    ).toEqual([
      ["balance.added", a.operator.email],
      ["recharge.confirmed", a.operator.email],
      ["recharge.rejected", a.operator.email],
    ]);
  });

  it("the same key and body adjusts once (replayed); another body under the key is 40900; the CLI shares the keys", async () => {
    const c = await customer("Replay Org");
    const body = { kind: "add", amount: "5", reason: "ticket 42", idempotencyKey: "ticket-42-console" };
    const first = expectOk<BalanceAdjusted>(await adjust(c.tenantId, body));
    const again = expectOk<BalanceAdjusted>(await adjust(c.tenantId, body));
    expect(again).toEqual({ ...first, replayed: true });
    expectError(await adjust(c.tenantId, { ...body, amount: "6" }), 409, 40900);
    expectError(await adjust(c.tenantId, { ...body, kind: "refund" }), 409, 40900);
    const cli = await runCommand(t, balanceCommands, "add", {
      tenant: c.tenantId,
      amount: "5",
      reason: "ticket 42",
      key: "ticket-42-console",
    });
    expect(cli.out).toContain("Already done");
    expect(await c.ledger()).toHaveLength(1);
    expect(await c.balance()).toBe("5000000");
  });

  it("refuses a subtraction below zero with 40200 and leaves the balance", async () => {
    const c = await customer("Insufficient Org");
    expectOk(
      await adjust(c.tenantId, {
        kind: "add",
        amount: "3",
        reason: "opening",
        idempotencyKey: "ins-add-0001",
      }),
    );
    expectError(
      await adjust(c.tenantId, {
        kind: "sub",
        amount: "3.000001",
        reason: "too much",
        idempotencyKey: "ins-sub-0001",
      }),
      402,
      40200,
    );
    expect(await c.balance()).toBe("3000000");
    expect(await c.ledger()).toHaveLength(1);
  });

  it("names the field of a bad adjustment, and answers an unknown customer 404", async () => {
    const c = await customer("Bad Adjust Org");
    const good = { kind: "add", amount: "1", reason: "probe", idempotencyKey: "bad-adj-0001" };
    expectError(await adjust(c.tenantId, { ...good, kind: "mul" }), 400, 40001);
    for (const amount of ["0", "0.000000", "-1", "1.1234567", "ten", ""])
      expectFieldError(await adjust(c.tenantId, { ...good, amount }), "amount", "operator_amount_invalid");
    expectFieldError(await adjust(c.tenantId, { ...good, reason: "ab" }), "reason", "too_short");
    expectFieldError(
      await adjust(c.tenantId, { ...good, idempotencyKey: "short" }),
      "idempotencyKey",
      "idempotency_key_invalid",
    );
    expectFieldError(
      await adjust(c.tenantId, { ...good, idempotencyKey: "has space 123" }),
      "idempotencyKey",
      "idempotency_key_invalid",
    );
    expectError(await adjust("0190a0e0-0000-7000-8000-000000000000", good), 404, 40400);
    expect(await c.ledger()).toHaveLength(0);
  });
});
