import {
  AUTO_TOP_UP_STOP_REASONS,
  type AutoTopUpBody,
  type AutoTopUpSettings,
  type AutoTopUpStopReason,
  type CardSetup,
} from "@nc/contracts/auto-top-up";
import { microsToDecimal, parseAmountToMicros } from "@nc/contracts/money";
import { v7 as uuidv7 } from "uuid";
import type { Config } from "../../../config";
import { AppError, fieldError } from "../../../core/app-error";
import type { Db } from "../../../core/db";
import { moneyParam } from "../../../core/money";
import type { AuditMeta } from "../../../core/request-context";
import { type AuditEvent, recordAudit } from "../../audit/index";
import type { BillingService } from "../../billing/index";
import type { NoticeService } from "../../notice/index";
import { stripeClient } from "../providers/stripe";
import { newReference } from "../recharge-service";
import { type AutoTopUpRow, autoTopUpRepo, type ClaimedAttempt } from "./auto-top-up-repo";
import { stripeCards } from "./stripe-cards";

type AutoTopUpConfig = Pick<
  Config,
  "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE" | "RECHARGE_MIN" | "RECHARGE_MAX"
>;

/** What the audit log and the settings show of a card: "visa •••• 4242 (12/2030)". */
const cardText = (row: AutoTopUpRow | undefined) =>
  row?.cardLast4
    ? `${row.cardBrand} •••• ${row.cardLast4} (${String(row.cardExpMonth).padStart(2, "0")}/${row.cardExpYear})`
    : null;

/** The settings as the audit log records them: money as micros and currency, read in each reader's way. */
const settingsOf = (row: AutoTopUpRow, currency: string) => ({
  autoTopUp: row.enabled,
  autoTopUpThreshold: moneyParam(row.thresholdMicros, currency),
  autoTopUpAmount: moneyParam(row.amountMicros, currency),
  autoTopUpDailyMax: row.dailyMax,
});

const settingsEvent = (
  tenantId: string,
  meta: Pick<AuditMeta, "actor"> & Partial<AuditMeta>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditEvent => ({
  tenantId,
  ...meta,
  action: "organisation.settings_updated",
  target: { type: "organisation", id: tenantId },
  details: { before, after },
});

const isStopReason = (value: string | null): value is AutoTopUpStopReason =>
  (AUTO_TOP_UP_STOP_REASONS as readonly string[]).includes(value ?? "");

/**
 * Automatic top-up with a saved card (docs/operations.md, "Automatic top-up"). A card is saved by a
 * Checkout session in setup mode and confirmed by its signed webhook; when the balance is under the
 * threshold an attempt is claimed in one statement (auto-top-up-repo.ts, claim) and the card is
 * charged off-session. The balance is credited only by Stripe's signed payment_intent.succeeded
 * (recharge-service.ts, markPaid: once per order, the order being one PaymentIntent); a refusal
 * turns automatic top-up off and tells the members.
 */
export function autoTopUpService(
  db: Db,
  config: AutoTopUpConfig,
  {
    billing,
    notices,
    mail,
  }: {
    billing: BillingService;
    notices: Pick<NoticeService, "notify">;
    /** The e-mail beside the notice (auto-top-up-mail.ts); none in tests that do not need it. */
    mail?: (orderId: string, kind: "made" | "failed") => Promise<void>;
  },
) {
  const repo = autoTopUpRepo(db);
  const client = stripeClient({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
  const cards = client ? stripeCards(client) : null;
  const available = () => cards !== null && Boolean(config.STRIPE_WEBHOOK_SECRET);
  const min = parseAmountToMicros(config.RECHARGE_MIN)!;
  const max = parseAmountToMicros(config.RECHARGE_MAX)!;

  function requireCards() {
    if (!cards || !available()) throw new AppError("rechargeMethodUnavailable");
    return cards;
  }

  /** Refused by the card: the order fails, automatic top-up turns off, every member is told. */
  async function refuse(orderId: string, reason: AutoTopUpStopReason): Promise<boolean> {
    const refused = await db.transaction(async (tx) => {
      const order = await repo.fail(orderId, reason, tx);
      if (!order) return false;
      await notices.notify(
        {
          tenantId: order.tenantId,
          type: "auto_top_up_failed",
          params: {
            orderId: order.id,
            amountMicros: order.amountMicros.toString(),
            currency: order.currency,
          },
        },
        tx,
      );
      return true;
    });
    if (refused) await mail?.(orderId, "failed");
    return refused;
  }

  /** Hands a claimed attempt to Stripe; the same attempt sent again is the same PaymentIntent. */
  async function send(attempt: ClaimedAttempt): Promise<"sent" | "refused"> {
    const outcome = await requireCards().charge({
      orderId: attempt.order_id,
      tenantId: attempt.tenant_id,
      reference: attempt.reference,
      customerId: attempt.stripe_customer_id,
      paymentMethodId: attempt.payment_method_id,
      amountMicros: BigInt(attempt.amount_micros),
      currency: attempt.currency,
      description: `Automatic top-up (${attempt.reference})`,
    });
    if (outcome.intentId) await repo.setIntent(attempt.order_id, outcome.intentId);
    if (outcome.kind === "refused") {
      await refuse(attempt.order_id, outcome.reason);
      return "refused";
    }
    return "sent";
  }

  /**
   * One organisation: claims an attempt if one is due and charges the card. "none" when nothing
   * was due (off, no card, one in flight, the day's cap reached, balance not under the threshold).
   */
  async function trigger(tenantId: string): Promise<"none" | "sent" | "refused"> {
    if (!available()) return "none";
    const attempt = await repo.claim(tenantId, uuidv7(), newReference()).catch((error: unknown) => {
      // A reference taken (1 in 10^11) or a second pending order refused by the unique index: none now.
      if ((error as { code?: string }).code === "23505") return null;
      throw error;
    });
    return attempt ? send(attempt) : "none";
  }

  return {
    trigger,

    /**
     * The sweeper's round (sweeper.ts): every organisation due gets its attempt, and attempts a
     * stopped process claimed but never sent are sent again (same idempotency key: never two
     * charges). Answers how many it handled.
     */
    async sweep(): Promise<number> {
      if (!available()) return 0;
      let handled = 0;
      for (const attempt of await repo.unsent(30)) {
        await send(attempt);
        handled++;
      }
      for (const { tenant_id } of await repo.due(100)) if ((await trigger(tenant_id)) !== "none") handled++;
      return handled;
    },

    async settings(tenantId: string): Promise<AutoTopUpSettings> {
      const { currency } = await billing.balance(tenantId);
      const row = await repo.get(tenantId);
      const today = new Date().toISOString().slice(0, 10);
      return {
        available: available(),
        card: row?.cardLast4
          ? {
              brand: row.cardBrand ?? "",
              last4: row.cardLast4,
              expMonth: row.cardExpMonth ?? 0,
              expYear: row.cardExpYear ?? 0,
            }
          : null,
        enabled: row?.enabled ?? false,
        currency,
        thresholdMicros: (row?.thresholdMicros ?? 0n).toString(),
        amountMicros: (row?.amountMicros ?? 0n).toString(),
        dailyMax: row?.dailyMax ?? 3,
        todayCount: row?.day === today ? row.dayCount : 0,
        inFlight: Boolean(row?.inFlightOrderId),
        stoppedBecause: isStopReason(row?.disabledReason ?? null)
          ? (row!.disabledReason as AutoTopUpStopReason)
          : null,
        minMicros: min.toString(),
        maxMicros: max.toString(),
      };
    },

    async save(tenantId: string, body: AutoTopUpBody, meta: AuditMeta): Promise<AutoTopUpSettings> {
      const threshold = parseAmountToMicros(body.threshold) ?? 0n;
      const amount = parseAmountToMicros(body.amount);
      if (amount === null) throw fieldError("amount", "amount_invalid");
      if (amount < min || amount > max)
        throw fieldError("amount", "amount_range", { min: microsToDecimal(min), max: microsToDecimal(max) });
      const { currency } = await billing.balance(tenantId);
      await db.transaction(async (tx) => {
        const before = await repo.ensure(tenantId, tx);
        if (body.enabled && !before.paymentMethodId) throw fieldError("enabled", "card_required");
        const [after] = await repo.saveSettings(
          tenantId,
          {
            enabled: body.enabled,
            thresholdMicros: threshold,
            amountMicros: amount,
            dailyMax: body.dailyMax,
            updatedBy: meta.actor.type === "user" ? meta.actor.id : null,
          },
          tx,
        );
        await recordAudit(
          tx,
          settingsEvent(tenantId, meta, settingsOf(before, currency), settingsOf(after!, currency)),
        );
      });
      // Turned on under the threshold: the first top-up need not wait for the next charge.
      if (body.enabled) await trigger(tenantId);
      return this.settings(tenantId);
    },

    /** A Checkout session in setup mode for the organisation's Stripe customer (made the first time). */
    async setupCard(input: { tenantId: string; tenantName: string; backUrl: string }): Promise<CardSetup> {
      const stripe = requireCards();
      const { currency } = await billing.balance(input.tenantId);
      const row = await repo.ensure(input.tenantId);
      const customerId =
        row.stripeCustomerId ??
        (await repo.setCustomer(
          input.tenantId,
          await stripe.createCustomer(input.tenantId, input.tenantName),
        ));
      try {
        return {
          checkoutUrl: await stripe.setupSession({
            tenantId: input.tenantId,
            customerId,
            attemptId: uuidv7(),
            backUrl: input.backUrl,
            currency,
          }),
        };
      } catch (error) {
        throw Object.assign(new AppError("unavailable"), { cause: error });
      }
    },

    /**
     * The signed webhook of a finished setup session: the card Stripe saved becomes the
     * organisation's, if it was saved to the organisation's own customer. False when it was not.
     */
    async cardSaved(tenantId: string, setupIntentId: string): Promise<boolean> {
      const saved = await requireCards().savedBySetup(setupIntentId);
      const row = await repo.get(tenantId);
      if (!saved || !row?.stripeCustomerId || saved.customerId !== row.stripeCustomerId) return false;
      await db.transaction(async (tx) => {
        const [after] = await repo.saveCard(tenantId, saved.paymentMethodId, saved.card, tx);
        await recordAudit(
          tx,
          settingsEvent(
            tenantId,
            { actor: { type: "system" } },
            { savedCard: cardText(row) },
            { savedCard: cardText(after) },
          ),
        );
      });
      // The card it replaced is no longer kept at Stripe.
      if (row.paymentMethodId && row.paymentMethodId !== saved.paymentMethodId)
        await requireCards()
          .detach(row.paymentMethodId)
          .catch(() => undefined);
      return true;
    },

    /** Forgets the card here and at Stripe; automatic top-up goes off with it. */
    async removeCard(tenantId: string, meta: AuditMeta): Promise<AutoTopUpSettings> {
      const row = await repo.get(tenantId);
      if (!row?.paymentMethodId) throw new AppError("notFound");
      await requireCards().detach(row.paymentMethodId);
      await db.transaction(async (tx) => {
        const [after] = await repo.removeCard(tenantId, tx);
        await recordAudit(
          tx,
          settingsEvent(
            tenantId,
            meta,
            { savedCard: cardText(row), autoTopUp: row.enabled },
            { savedCard: null, autoTopUp: after!.enabled },
          ),
        );
      });
      return this.settings(tenantId);
    },

    /** Stripe's payment_failed or requires_action for an attempt: refused (once). */
    refuse,

    /** An automatic top-up was just credited (once): its e-mail beside the notice. */
    credited: async (orderId: string) => mail?.(orderId, "made"),

    repo,
  };
}

export type AutoTopUpService = ReturnType<typeof autoTopUpService>;
