import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, rechargeOrders } from "../src/db/schema/index";
import { type Account, expectOk, registerUser } from "./helpers/accounts";
import { type FakeSession, signedEvent, startFakeStripe, stripeEnv } from "./helpers/fake-stripe";
import { createTenant, inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The Stripe path end to end against a local fake of the API, with really signed webhooks. */
describe("Stripe Checkout recharge and its webhook", () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let owner: Account;
  let tenantId: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(stripeEnv(fake.url));
    owner = await registerUser(t);
    tenantId = await createTenant(t, owner, "Stripe Org");
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const post = (payload: string, signature: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload,
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    });

  async function stripeOrder(amount = "25.00"): Promise<{ orderId: string; session: FakeSession }> {
    const created = expectOk<{ orderId: string; checkoutUrl: string }>(
      await inTenant(t, owner, tenantId)("POST", "/api/tenant/recharge", { method: "stripe", amount }),
    );
    expect(created.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = fake.sessions.at(-1)!;
    expect(session.metadata.orderId).toBe(created.orderId);
    return { orderId: created.orderId, session };
  }

  const paid = (s: FakeSession) => ({
    id: s.id,
    payment_status: "paid",
    amount_total: s.amount_total,
    currency: s.currency,
    metadata: s.metadata,
  });

  const order = async (id: string) =>
    (await t.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id)))[0]!;
  const credits = async (id: string) =>
    (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.referenceId, id))).filter(
      (e) => e.tradeType === TRADE_TYPES.recharge,
    );

  it("creates a Checkout Session through the official client with the order's amount", async () => {
    const { orderId, session } = await stripeOrder("25.00");
    expect(session.amount_total).toBe(2500);
    expect(session.currency).toBe("usd");
    expect(session.client_reference_id).toBe(orderId);
    expect(fake.requests.at(-1)).toMatchObject({
      path: "/v1/checkout/sessions",
      auth: "Bearer sk_test_fake",
      idempotencyKey: `checkout:${orderId}`,
    });
    const row = await order(orderId);
    expect(row).toMatchObject({ status: "pending", method: "stripe", providerSessionId: session.id });
  });

  it("refuses a bad signature, a missing one, and one signed with another secret", async () => {
    const { session } = await stripeOrder();
    const { payload, signature } = signedEvent("checkout.session.completed", paid(session));
    const tampered = payload.replace('"paid"', '"paid" ');
    expect((await post(tampered, signature)).statusCode).toBe(400);
    expect((await post(payload, "t=1,v1=deadbeef")).statusCode).toBe(400);
    const other = signedEvent("checkout.session.completed", paid(session), { secret: "whsec_other" });
    expect((await post(other.payload, other.signature)).statusCode).toBe(400);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.app.services.billing.balance(tenantId)).balanceMicros).toBe(0n);
  });

  it("credits a completed session once; a replayed event answers 200 and credits nothing", async () => {
    const billing = t.app.services.billing;
    const before = (await billing.balance(tenantId)).balanceMicros;
    const { orderId, session } = await stripeOrder("40");
    const event = signedEvent("checkout.session.completed", paid(session));
    expect((await post(event.payload, event.signature)).statusCode).toBe(200);
    const replay = await post(event.payload, event.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ code: 0, data: { duplicate: true } });
    // Another event for the same session (Stripe sends async_payment_succeeded too): still once.
    const second = signedEvent("checkout.session.async_payment_succeeded", paid(session));
    expect((await post(second.payload, second.signature)).statusCode).toBe(200);

    expect(await credits(orderId)).toHaveLength(1);
    const row = await order(orderId);
    expect(row.status).toBe("paid");
    expect(row.ledgerEntryId).toBe((await credits(orderId))[0]!.id);
    expect((await billing.balance(tenantId)).balanceMicros).toBe(before + 40_000_000n);
    expect((await billing.verify(tenantId)).ok).toBe(true);
  });

  it("two copies of one event at once credit once (and ten different deliveries too)", async () => {
    const billing = t.app.services.billing;
    const before = (await billing.balance(tenantId)).balanceMicros;
    const { orderId, session } = await stripeOrder("15");
    const event = signedEvent("checkout.session.completed", paid(session));
    const answers = await Promise.all([
      post(event.payload, event.signature),
      post(event.payload, event.signature),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);

    const other = await stripeOrder("12");
    const many = Array.from({ length: 10 }, () =>
      signedEvent("checkout.session.completed", paid(other.session)),
    );
    const results = await Promise.all(many.map((e) => post(e.payload, e.signature)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);

    expect(await credits(orderId)).toHaveLength(1);
    expect(await credits(other.orderId)).toHaveLength(1);
    expect((await billing.balance(tenantId)).balanceMicros).toBe(before + 27_000_000n);
    expect((await billing.verify(tenantId)).ok).toBe(true);
  });

  it("an unpaid completion waits; an expired session expires the order", async () => {
    const a = await stripeOrder();
    const unpaid = signedEvent("checkout.session.completed", {
      ...paid(a.session),
      payment_status: "unpaid",
    });
    expect((await post(unpaid.payload, unpaid.signature)).statusCode).toBe(200);
    expect((await order(a.orderId)).status).toBe("pending");

    const expired = signedEvent("checkout.session.expired", { ...paid(a.session), payment_status: "unpaid" });
    expect((await post(expired.payload, expired.signature)).statusCode).toBe(200);
    expect((await order(a.orderId)).status).toBe("expired");
    expect(await credits(a.orderId)).toHaveLength(0);
  });

  it("does not credit when the paid amount differs from the order", async () => {
    const { orderId, session } = await stripeOrder("30");
    const event = signedEvent("checkout.session.completed", { ...paid(session), amount_total: 100 });
    expect((await post(event.payload, event.signature)).statusCode).toBe(200);
    expect(await credits(orderId)).toHaveLength(0);
    expect((await order(orderId)).status).toBe("pending");
  });
});

describe("Stripe without settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses card recharges with a clear error and the webhook with 503", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "No Stripe Org");
    const call = inTenant(t, owner, tenantId);
    const res = await call("POST", "/api/tenant/recharge", { method: "stripe", amount: "20" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40028 });
    expect((res.json() as { msg: string }).msg).toMatch(/not available/);
    const options = expectOk<{ methods: string[] }>(await call("GET", "/api/tenant/recharge/options"));
    expect(options.methods).toEqual(["bank_transfer"]);
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload: "{}",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
    });
    expect(hook.statusCode).toBe(503);
  });
});
