import type { AutoTopUpStopReason, SavedCard } from "@nc/contracts/auto-top-up";
import type Stripe from "stripe";
import { type StripeClient, toStripeAmount } from "../providers/stripe";

/** What Stripe answered to an off-session charge. */
export type ChargeOutcome =
  | { kind: "sent"; intentId: string; status: Stripe.PaymentIntent.Status }
  | { kind: "refused"; intentId: string | null; reason: AutoTopUpStopReason };

/** A card as the product shows it, from Stripe's PaymentMethod.card. */
export const savedCardOf = (card: Stripe.PaymentMethod.Card): SavedCard => ({
  brand: card.brand,
  last4: card.last4,
  expMonth: card.exp_month,
  expYear: card.exp_year,
});

/**
 * The Stripe calls of automatic top-up (https://docs.stripe.com/payments/save-and-reuse): a
 * customer per organisation, a Checkout session in setup mode that saves a card to it, and an
 * off-session PaymentIntent per attempt, keyed by the attempt so a retry never charges twice.
 */
export function stripeCards(client: StripeClient) {
  return {
    async createCustomer(tenantId: string, name: string): Promise<string> {
      const stripe = await client();
      const customer = await stripe.customers.create(
        { name, metadata: { tenantId } },
        { idempotencyKey: `customer:${tenantId}` },
      );
      return customer.id;
    },

    /** A Checkout session in setup mode: the person enters a card, Stripe keeps it for the customer. */
    async setupSession(input: {
      tenantId: string;
      customerId: string;
      attemptId: string;
      backUrl: string;
      /** The account's currency: what Stripe offers the card methods for (required in setup mode). */
      currency: string;
    }): Promise<string> {
      const stripe = await client();
      const session = await stripe.checkout.sessions.create(
        {
          mode: "setup",
          customer: input.customerId,
          currency: input.currency.toLowerCase(),
          metadata: { tenantId: input.tenantId, purpose: "auto_top_up" },
          setup_intent_data: { metadata: { tenantId: input.tenantId } },
          success_url: `${input.backUrl}?card=saved`,
          cancel_url: `${input.backUrl}?card=cancel`,
        },
        { idempotencyKey: `card-setup:${input.attemptId}` },
      );
      if (!session.url) throw new Error("Stripe returned no checkout URL");
      return session.url;
    },

    /** The card a finished setup saved, with the customer it belongs to. */
    async savedBySetup(
      setupIntentId: string,
    ): Promise<{ paymentMethodId: string; customerId: string | null; card: SavedCard } | null> {
      const stripe = await client();
      const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ["payment_method"] });
      const method = intent.payment_method;
      if (intent.status !== "succeeded" || !method || typeof method === "string" || !method.card) return null;
      const customer = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
      return { paymentMethodId: method.id, customerId: customer, card: savedCardOf(method.card) };
    },

    async detach(paymentMethodId: string): Promise<void> {
      const stripe = await client();
      await stripe.paymentMethods.detach(paymentMethodId);
    },

    /**
     * Charges the saved card without the person (off_session, confirmed at once). A decline or a
     * bank asking for authentication comes back as a card error: refused, with its reason.
     */
    async charge(input: {
      orderId: string;
      tenantId: string;
      reference: string;
      customerId: string;
      paymentMethodId: string;
      amountMicros: bigint;
      currency: string;
      description: string;
    }): Promise<ChargeOutcome> {
      const stripe = await client();
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: toStripeAmount(input.amountMicros, input.currency),
            currency: input.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { orderId: input.orderId, tenantId: input.tenantId, reference: input.reference },
          },
          { idempotencyKey: `auto-top-up:${input.orderId}` },
        );
        if (intent.status === "requires_action" || intent.status === "requires_payment_method")
          return {
            kind: "refused",
            intentId: intent.id,
            reason: intent.status === "requires_action" ? "authentication_required" : "payment_failed",
          };
        return { kind: "sent", intentId: intent.id, status: intent.status };
      } catch (error) {
        const failure = error as { type?: string; code?: string; payment_intent?: { id: string } };
        if (failure.type !== "StripeCardError") throw error;
        return {
          kind: "refused",
          intentId: failure.payment_intent?.id ?? null,
          reason: failure.code === "authentication_required" ? "authentication_required" : "payment_failed",
        };
      }
    },
  };
}

export type StripeCards = ReturnType<typeof stripeCards>;
