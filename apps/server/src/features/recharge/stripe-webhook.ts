import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { AppError } from "../../core/app-error";
import { ok } from "../../core/envelope";
import { stripeClient, toStripeAmount } from "./providers/stripe";

/**
 * POST /api/webhooks/stripe: public, signed by Stripe. The signature is checked over the exact
 * bytes received, so this route keeps its body as a raw Buffer. Each event is handled once: a
 * replay answers 200 and changes nothing; two copies at once credit once (ledger idempotency key).
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  const { config } = app.services;
  const { recharge } = app.services;
  const stripe = stripeClient({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });

  // Encapsulated: the raw parser counts for this plugin's routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  // Stripe signs each call; no session cookie is read (http/cross-site.ts).
  app.post("/api/webhooks/stripe", { config: { crossSiteAllowed: true } }, async (request) => {
    if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw new AppError("unavailable");
    const signature = request.headers["stripe-signature"];
    if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) throw new AppError("badRequest");
    let event: Stripe.Event;
    try {
      event = (await stripe()).webhooks.constructEvent(request.body, signature, config.STRIPE_WEBHOOK_SECRET);
    } catch (error) {
      request.log.warn({ err: (error as Error).message }, "stripe webhook: signature refused");
      throw new AppError("badRequest");
    }
    if (await recharge.seen(event.id)) return ok({ received: true, duplicate: true });

    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const session = event.data.object;
        if (session.payment_status !== "paid") break; // a delayed method: wait for async_payment_*
        const order =
          (await recharge.bySession(session.id)) ??
          (session.metadata?.orderId ? await recharge.byId(session.metadata.orderId) : undefined);
        if (order?.method !== "stripe") {
          request.log.error({ session: session.id }, "stripe webhook: no recharge order for this session");
          break;
        }
        if (
          session.amount_total !== toStripeAmount(order.amountMicros, order.currency) ||
          session.currency?.toUpperCase() !== order.currency.toUpperCase()
        ) {
          request.log.error(
            { session: session.id, order: order.id },
            "stripe webhook: amount or currency differ",
          );
          break;
        }
        const { credited } = await recharge.markPaid(order.id, { type: "system", id: `stripe:${event.id}` });
        request.log.info({ order: order.id, credited }, "stripe webhook: recharge paid");
        break;
      }
      case "checkout.session.expired":
        await recharge.closeSession(event.data.object.id, "expired");
        break;
      case "checkout.session.async_payment_failed":
        await recharge.closeSession(event.data.object.id, "failed");
        break;
      default:
        break;
    }
    // Recorded last: if anything above failed, Stripe's retry does the work again (idempotently).
    await recharge.recordEvent(event.id, "stripe", event.type);
    return ok({ received: true });
  });
}
