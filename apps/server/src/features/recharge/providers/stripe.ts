import type Stripe from "stripe";
import type { RechargeProvider } from "./provider";

// Currencies Stripe counts in whole units (https://docs.stripe.com/currencies#zero-decimal).
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

/** Micro-units to Stripe's smallest currency unit (cents for USD). */
export function toStripeAmount(micros: bigint, currency: string): number {
  const divisor = ZERO_DECIMAL.has(currency.toUpperCase()) ? 1_000_000n : 10_000n;
  return Number(micros / divisor);
}

export interface StripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** https://api.stripe.com, or a local fake in tests. */
  apiBase: string;
}

/** The official client, loaded on first use. */
export type StripeClient = () => Promise<Stripe>;

/**
 * The official client, pointed at STRIPE_API_BASE, or null when no key is set. The SDK is loaded on
 * first use: it costs ~21 MB of memory, which a server without card payments should not pay
 * (docs/performance.md, "Server memory on the embedded database").
 */
export function stripeClient(options: StripeOptions): StripeClient | null {
  const { secretKey } = options;
  if (!secretKey) return null;
  let loading: Promise<Stripe> | undefined;
  return () => {
    loading ??= import("stripe").then(({ default: StripeSdk }) => {
      const base = new URL(options.apiBase);
      const protocol = base.protocol === "http:" ? "http" : "https";
      return new StripeSdk(secretKey, {
        host: base.hostname,
        port: base.port || (protocol === "http" ? 80 : 443),
        protocol,
        maxNetworkRetries: 1,
        timeout: 20_000,
        telemetry: false,
      });
    });
    return loading;
  };
}

/** Card payments through Stripe Checkout; the webhook (stripe-webhook.ts) credits the balance. */
export function stripeProvider(options: StripeOptions): RechargeProvider {
  const client = stripeClient(options);
  return {
    method: "stripe",
    available: () => client !== null && Boolean(options.webhookSecret),
    async start(input) {
      if (!client) throw new Error("Stripe is not configured");
      const stripe = await client();
      const back = `${input.origin}${input.langPrefix}/dashboard/account/recharge`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: input.orderId,
          metadata: { orderId: input.orderId, tenantId: input.tenantId, reference: input.reference },
          payment_intent_data: { metadata: { orderId: input.orderId, reference: input.reference } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: toStripeAmount(input.amountMicros, input.currency),
                product_data: { name: `${input.brandName} balance top-up (${input.reference})` },
              },
            },
          ],
          success_url: `${back}?order=${input.orderId}&result=success`,
          cancel_url: `${back}?order=${input.orderId}&result=cancel`,
        },
        { idempotencyKey: `checkout:${input.orderId}` },
      );
      if (!session.url) throw new Error("Stripe returned no checkout URL");
      return {
        providerSessionId: session.id,
        checkoutUrl: session.url,
        expiresAt: session.expires_at
          ? new Date(session.expires_at * 1000)
          : new Date(Date.now() + 86_400_000),
      };
    },
  };
}
