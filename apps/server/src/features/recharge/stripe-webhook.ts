import type { FastifyInstance, FastifyRequest } from "fastify";
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
  const { autoTopUp } = app;
  const stripe = stripeClient({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });

  /** The automatic top-up a PaymentIntent belongs to (its metadata names the order); none for Checkout's. */
  async function automaticOrder(intent: Stripe.PaymentIntent) {
    const order =
      (await recharge.bySession(intent.id)) ??
      (intent.metadata?.orderId ? await recharge.byId(intent.metadata.orderId) : undefined);
    return order?.automatic ? order : undefined;
  }

  /** An automatic top-up's payment succeeded: credited once (ledger key of its order, one order per intent). */
  async function automaticPaid(request: FastifyRequest, intent: Stripe.PaymentIntent, eventId: string) {
    const order = await automaticOrder(intent);
    if (!order) return;
    if (
      intent.amount_received !== toStripeAmount(order.amountMicros, order.currency) ||
      intent.currency.toUpperCase() !== order.currency.toUpperCase()
    ) {
      request.log.error({ intent: intent.id, order: order.id }, "stripe webhook: amount or currency differ");
      return;
    }
    const { credited } = await recharge.markPaid(order.id, { type: "system", id: `stripe:${eventId}` });
    if (credited) await autoTopUp.service.credited(order.id);
    request.log.info({ order: order.id, credited }, "stripe webhook: automatic top-up paid");
  }

  /** A setup session finished: the card it saved becomes the organisation's. */
  async function cardSaved(request: FastifyRequest, session: Stripe.Checkout.Session) {
    const tenantId = session.metadata?.tenantId;
    const setupIntent =
      typeof session.setup_intent === "string" ? session.setup_intent : session.setup_intent?.id;
    if (session.status !== "complete" || !tenantId || !setupIntent) return;
    const saved = await autoTopUp.service.cardSaved(tenantId, setupIntent);
    if (!saved)
      request.log.error({ session: session.id }, "stripe webhook: setup for another customer or no card");
  }

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
        if (session.mode === "setup") {
          await cardSaved(request, session);
          break;
        }
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
      case "payment_intent.succeeded":
        await automaticPaid(request, event.data.object, event.id);
        break;
      case "payment_intent.payment_failed":
      case "payment_intent.requires_action": {
        const intent = event.data.object;
        const order = await automaticOrder(intent);
        if (!order) break;
        // Off-session, a bank that asks the cardholder to confirm cannot be answered: both stop.
        const reason =
          event.type === "payment_intent.requires_action" ||
          intent.last_payment_error?.code === "authentication_required"
            ? "authentication_required"
            : "payment_failed";
        await autoTopUp.service.refuse(order.id, reason);
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
