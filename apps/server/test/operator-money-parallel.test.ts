import type { BalanceAdjusted, OperatorRechargeView } from "@nc/contracts/operator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rechargeCommands } from "../src/cli/commands/recharge";
import { expectOk } from "./helpers/accounts";
import { runCommand } from "./helpers/cli";
import {
  as,
  bankOrder,
  CONSOLE_ENV,
  type Confirmed,
  newCustomer,
  ownerPages,
  type PartnerSide,
  partnerSide,
} from "./helpers/operators";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/**
 * The same money actions sent at once. On PostgreSQL they race over many connections; PGlite runs
 * them one after another, which still proves the once-only outcome.
 */
describe(`operator console: money under parallel requests (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let t: TestApp;
  let a: PartnerSide;
  beforeAll(async () => {
    t = await createTestApp(CONSOLE_ENV);
    a = await partnerSide(t, "Para");
  });
  afterAll(() => t.close());

  const twenty = <T>(make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: 20 }, (_, i) => make(i)));
  const adjust = (tenantId: string, body: object) =>
    as(t, a.operator)("POST", `/api/operator/customers/${tenantId}/balance`, body);
  const customer = (name: string) => newCustomer(t, a.host, name);

  it("20 confirms of one order at once credit it exactly once and tell the customer once", async () => {
    const c = ownerPages(t, a.owner, a.tenantId);
    const results = await twenty(() =>
      as(t, a.operator)("POST", `/api/operator/recharges/${a.orderId}/confirm`, {}),
    );
    const outcomes = results.map((res) => expectOk<Confirmed>(res));
    expect(outcomes.filter((o) => o.credited)).toHaveLength(1);
    expect(outcomes.map((o) => o.order.status)).toEqual(Array(20).fill("paid"));
    expect(await c.balance()).toBe("40000000");
    expect(await c.ledger()).toHaveLength(1);
    expect((await c.notices()).filter((n) => n.type === "recharge_credited")).toHaveLength(1);
  });

  it("the console and the CLI confirming one transfer at once credit it once", async () => {
    const c = await customer("Console And CLI Org");
    const { orderId, reference } = await bankOrder(t, c.owner, c.tenantId, "30");
    const outcomes = await twenty(async (i) => {
      if (i % 2 === 0) return runCommand(t, rechargeCommands, "confirm", { reference }).then((r) => r.out);
      const res = await as(t, a.operator)("POST", `/api/operator/recharges/${orderId}/confirm`, {});
      return expectOk<Confirmed>(res).credited ? "Confirmed" : "Already credited";
    });
    expect(outcomes.filter((text) => text.startsWith("Confirmed"))).toHaveLength(1);
    expect(await c.balance()).toBe("30000000");
    expect(await c.ledger()).toHaveLength(1);
  });

  it("20 adjustments with one idempotency key at once post exactly one ledger row", async () => {
    const c = await customer("Same Key Org");
    const body = { kind: "add", amount: "7", reason: "one credit", idempotencyKey: "same-key-parallel" };
    const outcomes = (await twenty(() => adjust(c.tenantId, body))).map((res) =>
      expectOk<BalanceAdjusted>(res),
    );
    expect(new Set(outcomes.map((o) => o.entryId)).size).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(await c.ledger()).toHaveLength(1);
    expect(await c.balance()).toBe("7000000");
  });

  it("20 subtractions with different keys at once never take the balance below zero", async () => {
    const c = await customer("Drain Org");
    expectOk(
      await adjust(c.tenantId, {
        kind: "add",
        amount: "5",
        reason: "opening",
        idempotencyKey: "drain-open-1",
      }),
    );
    const results = await twenty((i) =>
      adjust(c.tenantId, { kind: "sub", amount: "1", reason: "drain", idempotencyKey: `drain-sub-${i}-key` }),
    );
    const codes = results.map((res) => (res.json() as { code: number }).code);
    expect(codes.filter((code) => code === 0)).toHaveLength(5);
    expect(codes.filter((code) => code === 40200)).toHaveLength(15);
    expect(await c.balance()).toBe("0");
    const ledger = await c.ledger();
    expect(ledger).toHaveLength(6);
    expect(ledger.every((e) => BigInt(e.balanceAfterMicros) >= 0n)).toBe(true);
  });

  it("20 large credits at once stop at the balance ceiling with 400, never overflowing", async () => {
    // Ten maximal credits once overflowed bigint and answered 500.
    const c = await customer("Ceiling Org");
    const results = await twenty((i) =>
      adjust(c.tenantId, {
        kind: "add",
        amount: "300000000000",
        reason: "large credit",
        idempotencyKey: `ceiling-add-${i}-key`,
      }),
    );
    const codes = results.map((res) => (res.json() as { code: number }).code);
    expect(results.every((res) => res.statusCode === 200 || res.statusCode === 400)).toBe(true);
    expect(codes.filter((code) => code === 0)).toHaveLength(3);
    expect(codes.filter((code) => code === 40070)).toHaveLength(17);
    expect(await c.balance()).toBe((900_000_000_000n * 1_000_000n).toString());
    // The largest amount the form takes is past the ceiling alone, and a refund of it too.
    for (const kind of ["add", "refund"])
      expect(
        (
          await adjust(c.tenantId, {
            kind,
            amount: "999999999999.999999",
            reason: "too much",
            idempotencyKey: `ceiling-${kind}-max-key`,
          })
        ).json(),
      ).toMatchObject({ code: 40070 });
    expect(await c.ledger()).toHaveLength(3);
  });

  it("confirms and rejects of one order at once: either it is paid, credited once and no reject succeeded, or rejected and not credited", async () => {
    for (let round = 0; round < 5; round++) {
      const c = await customer(`Race Org ${round}`);
      const { orderId } = await bankOrder(t, c.owner, c.tenantId, "20");
      const url = (action: string) => `/api/operator/recharges/${orderId}/${action}`;
      const answers = await twenty(async (i) => {
        const action = i % 2 === 0 ? "confirm" : "reject";
        const res = await as(t, a.operator)("POST", url(action), {});
        return `${action} ${(res.json() as { code: number }).code}`;
      });
      const [order] = expectOk<OperatorRechargeView[]>(
        await as(t, a.operator)("GET", "/api/operator/recharges?status=all"),
      ).filter((o) => o.id === orderId);
      const rejected = answers.filter((x) => x === "reject 0").length;
      const confirmed = answers.filter((x) => x === "confirm 0").length;
      const outcome = { status: order!.status, balance: await c.balance(), rows: (await c.ledger()).length };
      if (outcome.status === "paid")
        expect({ ...outcome, rejected }).toEqual({
          status: "paid",
          balance: "20000000",
          rows: 1,
          rejected: 0,
        });
      else
        expect({ ...outcome, confirmed, rejected }).toEqual({
          status: "failed",
          balance: "0",
          rows: 0,
          confirmed: 0,
          rejected: 1,
        });
    }
  });
});
