import type { AutoTopUpSettings } from "@nc/contracts/auto-top-up";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditEvents,
  autoTopUps,
  ledgerEntries,
  notices,
  rechargeOrders,
  sessions,
} from "../src/db/schema/index";
import { type Account, expectFieldError, expectOk, mailsTo, registerUser } from "./helpers/accounts";
import { type FakePaymentIntent, signedEvent, startFakeStripe, stripeEnv } from "./helpers/fake-stripe";
import { createTenant, expectCode, inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const SETTINGS = { enabled: true, threshold: "50", amount: "20", dailyMax: 3 };

/**
 * Automatic top-up with a saved card, end to end against the local fake of Stripe's API with
 * really signed webhook events (docs/operations.md, "Automatic top-up"); on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL (the parallel triggers are what the claim is for).
 */
describe("automatic top-up with a saved card", () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let owner: Account;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(stripeEnv(fake.url));
    owner = await registerUser(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const hook = (type: string, object: Record<string, unknown>, id?: string) => {
    const event = signedEvent(type, object, { id });
    return t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload: event.payload,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });
  };

  /** Stripe's signed event of a finished setup session; metadata as the session had it unless given. */
  const finishSetup = (
    session: (typeof fake.setupSessions)[number],
    metadata: Record<string, string> = session.metadata,
  ) =>
    hook("checkout.session.completed", {
      id: session.id,
      mode: "setup",
      status: "complete",
      customer: session.customer,
      setup_intent: session.setup_intent,
      metadata,
    });

  /** A new organisation with a card saved through setup mode and its signed webhook. */
  async function orgWithCard(name: string) {
    // An owner per organisation: one person may belong to at most ten.
    const user = await registerUser(t);
    const tenantId = await createTenant(t, user, name);
    const api = inTenant(t, user, tenantId);
    const setup = expectOk<{ checkoutUrl: string }>(await api("POST", "/api/tenant/recharge/card/setup"));
    expect(setup.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/setup\/cs_test_/);
    const res = await finishSetup(fake.setupSessions.at(-1)!);
    expect(res.statusCode).toBe(200);
    return { tenantId, api, user };
  }

  const settings = async (api: ReturnType<typeof inTenant>) =>
    expectOk<AutoTopUpSettings>(await api("GET", "/api/tenant/recharge/auto"));
  const autoOrders = (tenantId: string) =>
    t.database.db
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.tenantId, tenantId), eq(rechargeOrders.automatic, true)));
  const credits = async (tenantId: string) =>
    (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.tenantId, tenantId))).filter(
      (e) => e.tradeType === TRADE_TYPES.recharge,
    );
  const noticesOf = async (tenantId: string, type: string) =>
    (await t.database.db.select().from(notices).where(eq(notices.tenantId, tenantId))).filter(
      (n) => n.type === type,
    );
  const intentOf = (orderId: string) => fake.paymentIntents.find((p) => p.metadata.orderId === orderId)!;
  const succeeded = (p: FakePaymentIntent) => ({
    object: "payment_intent",
    id: p.id,
    status: "succeeded",
    amount: p.amount,
    amount_received: p.amount,
    currency: p.currency,
    metadata: p.metadata,
  });
  const trigger = (tenantId: string) => t.app.autoTopUp.service.trigger(tenantId);

  it("saves a card to the organisation's Stripe customer and shows brand, last 4 and expiry", async () => {
    fake.state.nextCard = { brand: "mastercard", last4: "4444", exp_month: 7, exp_year: 2031 };
    const { tenantId, api } = await orgWithCard("Card Org");
    const customer = fake.customers.at(-1)!;
    expect(customer.metadata.tenantId).toBe(tenantId);
    expect(fake.setupSessions.at(-1)).toMatchObject({ customer: customer.id, currency: "usd" });
    const shown = await settings(api);
    expect(shown).toMatchObject({
      available: true,
      card: { brand: "mastercard", last4: "4444", expMonth: 7, expYear: 2031 },
      enabled: false,
      dailyMax: 3,
    });
    // A second card goes to the same customer and replaces the first, which Stripe forgets.
    fake.state.nextCard = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 };
    const before = fake.customers.length;
    expectOk(await api("POST", "/api/tenant/recharge/card/setup"));
    const session = fake.setupSessions.at(-1)!;
    expect(session.customer).toBe(customer.id);
    expect(fake.customers).toHaveLength(before);
    await finishSetup(session);
    expect((await settings(api)).card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(fake.detached).toHaveLength(1);
  });

  it("ignores a setup whose card belongs to another organisation's customer", async () => {
    const a = await orgWithCard("Setup A");
    const bId = await createTenant(t, owner, "Setup B");
    const b = inTenant(t, owner, bId);
    expectOk(await b("POST", "/api/tenant/recharge/card/setup"));
    // B's finished setup, claimed in its metadata to be A's.
    const session = fake.setupSessions.at(-1)!;
    const aCard = (await settings(a.api)).card;
    await finishSetup(session, { tenantId: a.tenantId });
    expect((await settings(a.api)).card).toEqual(aCard);
  });

  it("cannot be turned on without a card, nor with an amount outside the recharge limits", async () => {
    const tenantId = await createTenant(t, owner, "No Card Org");
    const api = inTenant(t, owner, tenantId);
    expectFieldError(await api("POST", "/api/tenant/recharge/auto", SETTINGS), "enabled", "card_required");
    expectFieldError(
      await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, enabled: false, amount: "5" }),
      "amount",
      "amount_range",
    );
    expectCode(await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, dailyMax: 0 }), 400, 40001);
  });

  it("charges the card off-session under the threshold and credits once, from the signed webhook only", async () => {
    const { tenantId, api, user } = await orgWithCard("Auto Org");
    const shown = expectOk<AutoTopUpSettings>(await api("POST", "/api/tenant/recharge/auto", SETTINGS));
    // Turned on with a balance of 0, under 50: the first attempt went out at once.
    expect(shown).toMatchObject({ enabled: true, inFlight: true, todayCount: 1 });
    const [order] = await autoOrders(tenantId);
    expect(order).toMatchObject({ status: "pending", method: "stripe", amountMicros: 20_000_000n });
    const intent = intentOf(order!.id);
    expect(intent).toMatchObject({ amount: 2000, currency: "usd", off_session: true, confirm: true });
    expect(intent.payment_method).toMatch(/^pm_test_/);
    expect(intent.customer).toBe(fake.customers.find((c) => c.metadata.tenantId === tenantId)!.id);
    expect(
      fake.requests.find(
        (r) => r.path === "/v1/payment_intents" && r.idempotencyKey === `auto-top-up:${order!.id}`,
      ),
    ).toBeTruthy();
    expect(order!.providerSessionId).toBe(intent.id);
    // Nothing is credited before Stripe's signed event.
    expect((await t.app.services.billing.balance(tenantId)).balanceMicros).toBe(0n);

    const event = `evt_auto_${order!.id}`;
    expect((await hook("payment_intent.succeeded", succeeded(intent), event)).statusCode).toBe(200);
    expect((await hook("payment_intent.succeeded", succeeded(intent), event)).json()).toMatchObject({
      data: { duplicate: true },
    });
    // Another delivery of the same intent under another event id: still one credit.
    await hook("payment_intent.succeeded", succeeded(intent));
    expect(await credits(tenantId)).toHaveLength(1);
    expect((await t.app.services.billing.balance(tenantId)).balanceMicros).toBe(20_000_000n);
    expect((await t.app.services.billing.verify(tenantId)).ok).toBe(true);
    expect(await noticesOf(tenantId, "auto_top_up_made")).toHaveLength(1);
    expect(await noticesOf(tenantId, "recharge_credited")).toHaveLength(0);
    // And an e-mail to the person who set it up, once.
    await t.app.services.mailer.flush();
    const made = (await mailsTo(t, user.email)).filter((m) =>
      m.subject.includes("automatic top-up of $20.00 made"),
    );
    expect(made).toHaveLength(1);
    expect(made[0]!.text).toContain("/dashboard/account/recharge");
    expect((await settings(api)).inFlight).toBe(false);
    // A top-up like any other: in the orders list, with a receipt.
    const receipt = expectOk<{ order: { status: string; automatic: boolean } }>(
      await api("GET", `/api/tenant/recharge/s/${order!.id}/receipt`),
    );
    expect(receipt.order).toMatchObject({ status: "paid", automatic: true });
    // Nor can the person cancel it while Stripe has it.
    const [next] = await Promise.all([trigger(tenantId)]);
    expect(next).toBe("sent");
    const pending = (await autoOrders(tenantId)).find((o) => o.status === "pending")!;
    expectCode(await api("POST", `/api/tenant/recharge/s/${pending.id}/cancel`), 409, 40902);
  });

  it("makes at most the day's number of attempts, one at a time", async () => {
    const { tenantId, api } = await orgWithCard("Cap Org");
    expectOk(await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, threshold: "100000" }));
    for (let i = 0; i < 5; i++) {
      const pending = (await autoOrders(tenantId)).find((o) => o.status === "pending");
      if (pending) await hook("payment_intent.succeeded", succeeded(intentOf(pending.id)));
      await trigger(tenantId);
    }
    expect(await autoOrders(tenantId)).toHaveLength(3);
    expect(await credits(tenantId)).toHaveLength(3);
    expect(await settings(api)).toMatchObject({ todayCount: 3, inFlight: false, enabled: true });
    expect(await trigger(tenantId)).toBe("none");
  });

  it("N+5 parallel triggers give one attempt in flight, and with payments landing between them at most N", async () => {
    const n = 4;
    const { tenantId, api } = await orgWithCard("Parallel Org");
    expectOk(await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, enabled: false }));
    await t.database.db
      .update(rechargeOrders)
      .set({ status: "cancelled" })
      .where(eq(rechargeOrders.tenantId, tenantId));
    expectOk(
      await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, threshold: "100000", dailyMax: n }),
    );
    // The save's own attempt is in flight: every parallel trigger finds it.
    const first = await Promise.all(Array.from({ length: n + 5 }, () => trigger(tenantId)));
    expect(first.filter((r) => r === "sent")).toHaveLength(0);
    expect(await autoOrders(tenantId)).toHaveLength(1);

    // Now triggers race with the payments that end each attempt; a watcher samples the pending ones.
    let maxPending = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const pending = (await autoOrders(tenantId)).filter((o) => o.status === "pending").length;
        maxPending = Math.max(maxPending, pending);
        // The embedded database answers in microtasks: let the requests to Stripe's fake through.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const pay = async () => {
      const pending = (await autoOrders(tenantId)).find((o) => o.status === "pending" && o.providerSessionId);
      if (pending) await hook("payment_intent.succeeded", succeeded(intentOf(pending.id)));
    };
    await Promise.all(
      Array.from({ length: n + 5 }, async () => {
        await pay();
        await trigger(tenantId);
        await pay();
      }),
    );
    await pay();
    watching = false;
    await watcher;
    const orders = await autoOrders(tenantId);
    expect(orders.length).toBeLessThanOrEqual(n);
    expect(maxPending).toBeLessThanOrEqual(1);
    expect((await credits(tenantId)).length).toBe(orders.filter((o) => o.status === "paid").length);
    expect((await settings(api)).todayCount).toBe(orders.length);
    expect((await t.app.services.billing.verify(tenantId)).ok).toBe(true);
  });

  it("a charge that crosses the low-balance threshold wakes the sweeper, which tops up at once", async () => {
    const { tenantId, api } = await orgWithCard("Sweeper Org");
    const { billing } = t.app.services;
    const system = { type: "system" as const };
    await billing.credit({ tenantId, tradeType: TRADE_TYPES.add, amountMicros: 100_000_000n, actor: system });
    expectOk(await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, threshold: "40" }));
    expectOk(await api("POST", "/api/tenant/account/settings", { lowBalanceThreshold: "40" }));
    expect(await autoOrders(tenantId)).toHaveLength(0);
    const told: string[][] = [];
    const stop = billing.onLowBalance((ids) => told.push(ids));
    const { sweeper } = t.app.autoTopUp;
    sweeper.start();
    try {
      // The sweeper's first round found nothing and sleeps for 3 s; the crossing wakes it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await billing.charge({
        tenantId,
        tradeType: TRADE_TYPES.sub,
        amountMicros: 70_000_000n,
        actor: system,
      });
      expect(told).toEqual([[tenantId]]);
      await vi.waitFor(async () => expect(await autoOrders(tenantId)).toHaveLength(1), { timeout: 1_500 });
    } finally {
      stop();
      await sweeper.stop();
    }
    const [order] = await autoOrders(tenantId);
    await hook("payment_intent.succeeded", succeeded(intentOf(order!.id)));
    expect((await t.app.services.billing.balance(tenantId)).balanceMicros).toBe(50_000_000n);
  });

  it("an attempt claimed by a process that stopped before calling Stripe is sent by the next sweep, once", async () => {
    const { tenantId, api } = await orgWithCard("Stopped Org");
    expectOk(await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, enabled: false }));
    await t.database.db.update(autoTopUps).set({ enabled: true }).where(eq(autoTopUps.tenantId, tenantId));
    // The claim alone, as a process killed right after it would leave it.
    const claimed = await t.app.autoTopUp.service.repo.claim(
      tenantId,
      uuidv7(),
      `NC-STOP-${Date.now() % 10_000}`,
    );
    expect(claimed).not.toBeNull();
    await t.database.db
      .update(rechargeOrders)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(rechargeOrders.id, claimed!.order_id));
    // Two sweeps (other organisations of this file may be due too): one payment for this attempt.
    await t.app.autoTopUp.service.sweep();
    await t.app.autoTopUp.service.sweep();
    const sent = fake.paymentIntents.filter((p) => p.metadata.orderId === claimed!.order_id);
    expect(sent).toHaveLength(1);
    const [order] = await autoOrders(tenantId);
    expect(order!.providerSessionId).toBe(sent[0]!.id);
  });

  it("a declined card turns automatic top-up off and tells the members once", async () => {
    const { tenantId, api, user } = await orgWithCard("Declined Org");
    fake.state.cardBehaviour = "decline";
    try {
      expectOk(await api("POST", "/api/tenant/recharge/auto", SETTINGS));
    } finally {
      fake.state.cardBehaviour = "succeed";
    }
    const [order] = await autoOrders(tenantId);
    expect(order).toMatchObject({ status: "failed", note: "payment_failed" });
    expect(await settings(api)).toMatchObject({
      enabled: false,
      inFlight: false,
      stoppedBecause: "payment_failed",
    });
    // Stripe's own event about the same intent tells nobody twice.
    const intent = intentOf(order!.id);
    await hook("payment_intent.payment_failed", {
      object: "payment_intent",
      id: intent.id,
      metadata: intent.metadata,
      last_payment_error: { code: "card_declined" },
    });
    expect(await noticesOf(tenantId, "auto_top_up_failed")).toHaveLength(1);
    await t.app.services.mailer.flush();
    expect(
      (await mailsTo(t, user.email)).filter((m) => m.subject.includes("automatic top-up failed")),
    ).toHaveLength(1);
    expect(await credits(tenantId)).toHaveLength(0);
    expect(await trigger(tenantId)).toBe("none");
    // Turned on again, the reason goes.
    expect(
      await (async () => {
        expectOk(await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, threshold: "0" }));
        return (await settings(api)).stoppedBecause;
      })(),
    ).toBeNull();
  });

  it("a bank asking for authentication stops it too, from the answer or from the webhook", async () => {
    const a = await orgWithCard("Auth Org");
    fake.state.cardBehaviour = "authentication_required";
    try {
      expectOk(await a.api("POST", "/api/tenant/recharge/auto", SETTINGS));
    } finally {
      fake.state.cardBehaviour = "succeed";
    }
    expect(await settings(a.api)).toMatchObject({
      enabled: false,
      stoppedBecause: "authentication_required",
    });

    // Accepted at first, then Stripe's event says the bank wants the cardholder.
    const b = await orgWithCard("Auth Later Org");
    expectOk(await b.api("POST", "/api/tenant/recharge/auto", SETTINGS));
    const [order] = await autoOrders(b.tenantId);
    const intent = intentOf(order!.id);
    await hook("payment_intent.requires_action", {
      object: "payment_intent",
      id: intent.id,
      metadata: intent.metadata,
    });
    expect(await settings(b.api)).toMatchObject({
      enabled: false,
      inFlight: false,
      stoppedBecause: "authentication_required",
    });
    expect(await noticesOf(b.tenantId, "auto_top_up_failed")).toHaveLength(1);
    // Should the cardholder confirm it after all, the money taken is credited, once.
    await hook("payment_intent.succeeded", succeeded(intent));
    await hook("payment_intent.succeeded", succeeded(intent));
    expect(await credits(b.tenantId)).toHaveLength(1);
    expect(await settings(b.api)).toMatchObject({ enabled: false, inFlight: false });
  });

  it("a Checkout payment's own payment_intent.succeeded credits nothing more", async () => {
    const tenantId = await createTenant(t, owner, "Checkout Org");
    const api = inTenant(t, owner, tenantId);
    const created = expectOk<{ orderId: string }>(
      await api("POST", "/api/tenant/recharge", { method: "stripe", amount: "25" }),
    );
    await hook("payment_intent.succeeded", {
      object: "payment_intent",
      id: "pi_test_checkout",
      amount_received: 2500,
      currency: "usd",
      metadata: { orderId: created.orderId },
    });
    expect(await credits(tenantId)).toHaveLength(0);
  });

  it("removes the card here and at Stripe, turns automatic top-up off and audits it", async () => {
    const { tenantId, api } = await orgWithCard("Remove Org");
    expectOk(await api("POST", "/api/tenant/recharge/auto", { ...SETTINGS, threshold: "0" }));
    const pm = fake.setupSessions.at(-1)!;
    const removed = expectOk<AutoTopUpSettings>(await api("DELETE", "/api/tenant/recharge/card"));
    expect(removed).toMatchObject({ card: null, enabled: false });
    expect(fake.detached.length).toBeGreaterThan(0);
    expect(pm.customer).toMatch(/^cus_test_/);
    expectCode(await api("DELETE", "/api/tenant/recharge/card"), 404, 40400);
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.tenantId, tenantId));
    const details = events.map((e) => JSON.stringify(e.details));
    expect(details.some((d) => d.includes('"savedCard":null'))).toBe(true);
    expect(details.some((d) => d.includes('"autoTopUp":true'))).toBe(true);
  });

  it("lets only money settings' holders change it, with a fresh proof; members with account:read see it", async () => {
    const { tenantId, user } = await orgWithCard("Rights Org");
    const finance = await memberWithRole(t, tenantId, "finance");
    const asFinance = inTenant(t, finance, tenantId);
    expect((await settings(asFinance)).card).toMatchObject({ last4: "4242" });
    expectCode(await asFinance("POST", "/api/tenant/recharge/auto", SETTINGS), 403, 40300);
    expectCode(await asFinance("POST", "/api/tenant/recharge/card/setup"), 403, 40300);
    expectCode(await asFinance("DELETE", "/api/tenant/recharge/card"), 403, 40300);

    const api = inTenant(t, user, tenantId);
    await t.database.db
      .update(sessions)
      .set({ stepUpAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, user.id));
    expectCode(await api("POST", "/api/tenant/recharge/auto", SETTINGS), 403, 40340);
    expectCode(await api("POST", "/api/tenant/recharge/card/setup"), 403, 40340);
    expectCode(await api("DELETE", "/api/tenant/recharge/card"), 403, 40340);
    // Another organisation's member reaches nothing of it.
    const stranger = await registerUser(t);
    expectCode(await inTenant(t, stranger, tenantId)("GET", "/api/tenant/recharge/auto"), 200, 40036);
  });
});

describe("automatic top-up without Stripe settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("shows it unavailable and refuses to save a card", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "No Stripe Auto");
    const api = inTenant(t, owner, tenantId);
    expect(expectOk<AutoTopUpSettings>(await api("GET", "/api/tenant/recharge/auto"))).toMatchObject({
      available: false,
      card: null,
    });
    expectCode(await api("POST", "/api/tenant/recharge/card/setup"), 400, 40028);
    expect(await t.app.autoTopUp.service.sweep()).toBe(0);
  });
});
