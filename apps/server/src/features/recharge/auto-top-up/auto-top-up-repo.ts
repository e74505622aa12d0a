import type { AutoTopUpStopReason, SavedCard } from "@nc/contracts/auto-top-up";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Runner } from "../../../core/db";
import { queryRows } from "../../../db/query";
import { autoTopUps, rechargeOrders } from "../../../db/schema/index";

export type AutoTopUpRow = typeof autoTopUps.$inferSelect;

/** An attempt just claimed: its order, and what the card is charged. */
export interface ClaimedAttempt {
  order_id: string;
  tenant_id: string;
  amount_micros: string;
  currency: string;
  reference: string;
  stripe_customer_id: string;
  payment_method_id: string;
}

// The UTC day the daily count belongs to.
const today = sql`(now() at time zone 'utc')::date`;

/** All SQL of automatic top-up (docs/operations.md, "Automatic top-up"); every method takes the organisation id. */
export function autoTopUpRepo(db: Db) {
  return {
    async get(tenantId: string, runner: Runner = db): Promise<AutoTopUpRow | undefined> {
      const [row] = await runner.select().from(autoTopUps).where(eq(autoTopUps.tenantId, tenantId));
      return row;
    },

    /** The row, created empty the first time. */
    async ensure(tenantId: string, runner: Runner = db): Promise<AutoTopUpRow> {
      await runner.insert(autoTopUps).values({ tenantId }).onConflictDoNothing();
      return (await this.get(tenantId, runner))!;
    },

    /** The Stripe customer the organisation's cards are saved to (set once; the first one stays). */
    async setCustomer(tenantId: string, customerId: string): Promise<string> {
      await this.ensure(tenantId);
      const [row] = await db
        .update(autoTopUps)
        .set({ stripeCustomerId: sql`coalesce(${autoTopUps.stripeCustomerId}, ${customerId})` })
        .where(eq(autoTopUps.tenantId, tenantId))
        .returning({ customer: autoTopUps.stripeCustomerId });
      return row!.customer!;
    },

    /** The settings; turning on clears why it had turned itself off. */
    saveSettings: (
      tenantId: string,
      values: Pick<AutoTopUpRow, "enabled" | "thresholdMicros" | "amountMicros" | "dailyMax" | "updatedBy">,
      runner: Runner,
    ) =>
      runner
        .update(autoTopUps)
        .set({
          ...values,
          updatedAt: new Date(),
          ...(values.enabled ? { disabledReason: null } : {}),
        })
        .where(eq(autoTopUps.tenantId, tenantId))
        .returning(),

    /** A card Stripe saved to the organisation's customer replaces the one before. */
    saveCard: (tenantId: string, paymentMethodId: string, card: SavedCard, runner: Runner) =>
      runner
        .update(autoTopUps)
        .set({
          paymentMethodId,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardExpMonth: card.expMonth,
          cardExpYear: card.expYear,
          updatedAt: new Date(),
        })
        .where(eq(autoTopUps.tenantId, tenantId))
        .returning(),

    /** The card is forgotten and automatic top-up goes off with it. */
    removeCard: (tenantId: string, runner: Runner) =>
      runner
        .update(autoTopUps)
        .set({
          paymentMethodId: null,
          cardBrand: null,
          cardLast4: null,
          cardExpMonth: null,
          cardExpYear: null,
          enabled: false,
          updatedAt: new Date(),
        })
        .where(eq(autoTopUps.tenantId, tenantId))
        .returning(),

    /** Organisations whose balance is under their threshold with no attempt in flight and room today. */
    due: (limit: number) =>
      queryRows<{ tenant_id: string }>(
        db,
        sql`select t.tenant_id from auto_top_ups t join accounts a on a.tenant_id = t.tenant_id
            where t.enabled and t.in_flight_order_id is null and a.balance_micros < t.threshold_micros
              and (t.day is distinct from ${today} or t.day_count < t.daily_max)
            limit ${limit}`,
      ),

    /**
     * Claims an attempt and writes its order in ONE statement: the row's lock orders concurrent
     * claims, and the conditions (on, a card, nothing in flight, under the day's cap, balance under
     * the threshold) are checked again on the row as the previous claim left it. So N+5 claims at
     * once give one attempt, and never more than daily_max a UTC day. A pending automatic order is
     * also unique per organisation (recharge_orders_auto_pending_uq). Null when nothing is due.
     */
    async claim(tenantId: string, orderId: string, reference: string): Promise<ClaimedAttempt | null> {
      const rows = await queryRows<ClaimedAttempt>(
        db,
        sql`with claimed as (
              update auto_top_ups t
                 set in_flight_order_id = ${orderId}::uuid,
                     day_count = case when t.day = ${today} then t.day_count + 1 else 1 end,
                     day = ${today},
                     updated_at = now()
               where t.tenant_id = ${tenantId}::uuid and t.enabled and t.payment_method_id is not null
                 and t.stripe_customer_id is not null and t.in_flight_order_id is null
                 and (t.day is distinct from ${today} or t.day_count < t.daily_max)
                 and (select a.balance_micros from accounts a where a.tenant_id = t.tenant_id) < t.threshold_micros
              returning t.tenant_id, t.amount_micros, t.stripe_customer_id, t.payment_method_id, t.updated_by
            )
            insert into recharge_orders (id, tenant_id, method, amount_micros, currency, status, reference, created_by, automatic)
            select ${orderId}::uuid, c.tenant_id, 'stripe', c.amount_micros, a.currency, 'pending', ${reference}, c.updated_by, true
              from claimed c join accounts a on a.tenant_id = c.tenant_id
            returning id as order_id, tenant_id, amount_micros::text as amount_micros, currency, reference,
                      (select stripe_customer_id from claimed) as stripe_customer_id,
                      (select payment_method_id from claimed) as payment_method_id`,
      );
      return rows[0] ?? null;
    },

    /** Automatic orders claimed but never handed to Stripe (a process stopped in between). */
    unsent: (olderThanSeconds: number) =>
      queryRows<ClaimedAttempt>(
        db,
        sql`select o.id as order_id, o.tenant_id, o.amount_micros::text as amount_micros, o.currency, o.reference,
                   t.stripe_customer_id, t.payment_method_id
              from recharge_orders o join auto_top_ups t on t.in_flight_order_id = o.id
             where o.automatic and o.status = 'pending' and o.provider_session_id is null
               and t.payment_method_id is not null
               and o.created_at < now() - make_interval(secs => ${olderThanSeconds})
             limit 50`,
      ),

    /** Stripe's PaymentIntent of an attempt. */
    setIntent: (orderId: string, intentId: string) =>
      db
        .update(rechargeOrders)
        .set({ providerSessionId: intentId, updatedAt: new Date() })
        .where(and(eq(rechargeOrders.id, orderId), sql`${rechargeOrders.providerSessionId} is null`)),

    /** The attempt is over (paid): the next one may be claimed. */
    release: (orderId: string, runner: Runner) =>
      runner
        .update(autoTopUps)
        .set({ inFlightOrderId: null, updatedAt: new Date() })
        .where(eq(autoTopUps.inFlightOrderId, orderId)),

    /**
     * A pending automatic order fails and automatic top-up turns off, once: the order's move from
     * pending decides, so a declined answer and Stripe's payment_failed event tell the person once.
     */
    async fail(orderId: string, reason: AutoTopUpStopReason, runner: Runner) {
      const [order] = await runner
        .update(rechargeOrders)
        .set({ status: "failed", note: reason, updatedAt: new Date() })
        .where(
          and(
            eq(rechargeOrders.id, orderId),
            eq(rechargeOrders.automatic, true),
            eq(rechargeOrders.status, "pending"),
          ),
        )
        .returning();
      if (!order) return null;
      await runner
        .update(autoTopUps)
        .set({ enabled: false, disabledReason: reason, inFlightOrderId: null, updatedAt: new Date() })
        .where(eq(autoTopUps.tenantId, order.tenantId));
      return order;
    },
  };
}

export type AutoTopUpRepo = ReturnType<typeof autoTopUpRepo>;
