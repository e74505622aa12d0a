import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const WEBHOOK_SECRET = "whsec_test_fake_secret";

export interface FakeSession {
  id: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string;
  /** Where Stripe sends the payer back: the site's own address, whatever the request's Host said. */
  success_url: string;
  cancel_url: string;
}

export interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  off_session: boolean;
  confirm: boolean;
  metadata: Record<string, string>;
  status: string;
}

/** What the next off-session charge does: succeed, be declined, or ask for authentication. */
export type FakeCardBehaviour = "succeed" | "decline" | "authentication_required";

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = /^metadata\[(\w+)\]$/.exec(key);
    if (m) metadata[m[1]!] = value;
  }
  return metadata;
}

/**
 * A local stand-in for the Stripe endpoints the app calls (Checkout sessions in payment and setup
 * mode, customers, setup intents, payment methods, off-session payment intents), so the official
 * client runs its real request path with no internet. Idempotency keys answer as Stripe does: the
 * same key gives the first answer again.
 */
export async function startFakeStripe() {
  const sessions: FakeSession[] = [];
  const requests: { path: string; auth: string | undefined; idempotencyKey: string | undefined }[] = [];
  const customers: { id: string; name: string; metadata: Record<string, string> }[] = [];
  const setupSessions: {
    id: string;
    customer: string;
    setup_intent: string;
    metadata: Record<string, string>;
    currency: string;
  }[] = [];
  const setupIntents = new Map<
    string,
    { id: string; customer: string; payment_method: { id: string; card: FakeCard } }
  >();
  const paymentIntents: FakePaymentIntent[] = [];
  const detached: string[] = [];
  const answered = new Map<string, { status: number; body: string }>();
  const state = {
    /** The card the next setup session saves. */
    nextCard: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } as FakeCard,
    cardBehaviour: "succeed" as FakeCardBehaviour,
  };

  function route(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: newId("cus"), name: form.get("name") ?? "", metadata: metadataOf(form) };
      customers.push(customer);
      return { status: 200, body: { object: "customer", ...customer } };
    }
    if (method === "POST" && path === "/v1/checkout/sessions" && form.get("mode") === "setup") {
      const id = newId("cs");
      const setupIntent = newId("seti");
      const customer = form.get("customer") ?? "";
      setupIntents.set(setupIntent, {
        id: setupIntent,
        customer,
        payment_method: { id: newId("pm"), card: { ...state.nextCard } },
      });
      const session = {
        id,
        customer,
        setup_intent: setupIntent,
        metadata: metadataOf(form),
        currency: form.get("currency") ?? "",
      };
      setupSessions.push(session);
      return {
        status: 200,
        body: {
          object: "checkout.session",
          mode: "setup",
          status: "open",
          url: `https://checkout.stripe.test/c/setup/${id}`,
          ...session,
        },
      };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs");
      const session: FakeSession = {
        id,
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        metadata: metadataOf(form),
        client_reference_id: form.get("client_reference_id") ?? "",
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
      };
      sessions.push(session);
      return {
        status: 200,
        body: {
          object: "checkout.session",
          ...session,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_status: "unpaid",
          status: "open",
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
        },
      };
    }
    const seti = /^\/v1\/setup_intents\/(\w+)(\?.*)?$/.exec(path);
    if (method === "GET" && seti) {
      const intent = setupIntents.get(seti[1]!);
      if (!intent)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", message: "no such setup intent" } },
        };
      const expanded = path.includes("expand");
      return {
        status: 200,
        body: {
          object: "setup_intent",
          id: intent.id,
          status: "succeeded",
          customer: intent.customer,
          payment_method: expanded
            ? {
                object: "payment_method",
                id: intent.payment_method.id,
                type: "card",
                card: intent.payment_method.card,
              }
            : intent.payment_method.id,
        },
      };
    }
    const detach = /^\/v1\/payment_methods\/(\w+)\/detach$/.exec(path);
    if (method === "POST" && detach) {
      detached.push(detach[1]!);
      return { status: 200, body: { object: "payment_method", id: detach[1], customer: null } };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const intent: FakePaymentIntent = {
        id: newId("pi"),
        amount: Number(form.get("amount")),
        currency: form.get("currency") ?? "",
        customer: form.get("customer") ?? "",
        payment_method: form.get("payment_method") ?? "",
        off_session: form.get("off_session") === "true",
        confirm: form.get("confirm") === "true",
        metadata: metadataOf(form),
        status: state.cardBehaviour === "succeed" ? "succeeded" : "requires_payment_method",
      };
      paymentIntents.push(intent);
      const body = {
        object: "payment_intent",
        amount_received: intent.status === "succeeded" ? intent.amount : 0,
        ...intent,
      };
      if (state.cardBehaviour === "succeed") return { status: 200, body };
      const code = state.cardBehaviour === "decline" ? "card_declined" : "authentication_required";
      return {
        status: 402,
        body: {
          error: {
            type: "card_error",
            code,
            ...(code === "card_declined" ? { decline_code: "insufficient_funds" } : {}),
            message:
              code === "card_declined" ? "Your card was declined." : "This payment requires authentication.",
            payment_intent: body,
          },
        },
      };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: "unknown path" } } };
  }

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ path: req.url ?? "", auth: req.headers.authorization, idempotencyKey });
      res.setHeader("content-type", "application/json");
      const earlier = idempotencyKey ? answered.get(idempotencyKey) : undefined;
      const answer =
        earlier ??
        (() => {
          const routed = route(req.method ?? "GET", req.url ?? "", new URLSearchParams(raw));
          return { status: routed.status, body: JSON.stringify(routed.body) };
        })();
      if (idempotencyKey && !earlier) answered.set(idempotencyKey, answer);
      res.statusCode = answer.status;
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    customers,
    setupSessions,
    paymentIntents,
    detached,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Settings that point the app at the fake. */
export const stripeEnv = (url: string) => ({
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: url,
});

let eventCounter = 0;
/** A webhook event body and its Stripe-Signature header, signed with the real scheme. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${Date.now().toString(36)}_${++eventCounter}`,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: "checkout.session", ...object } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
  return { payload, signature };
}
