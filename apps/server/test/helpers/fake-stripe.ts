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

/**
 * A local stand-in for the one Stripe endpoint the app calls (POST /v1/checkout/sessions), so the
 * official client runs its real request path with no internet.
 */
export async function startFakeStripe() {
  const sessions: FakeSession[] = [];
  const requests: { path: string; auth: string | undefined; idempotencyKey: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      requests.push({
        path: req.url ?? "",
        auth: req.headers.authorization,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      });
      res.setHeader("content-type", "application/json");
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "unknown path" } }));
        return;
      }
      const form = new URLSearchParams(raw);
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(\w+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const session: FakeSession = {
        id,
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        metadata,
        client_reference_id: form.get("client_reference_id") ?? "",
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
      };
      sessions.push(session);
      res.end(
        JSON.stringify({
          object: "checkout.session",
          ...session,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_status: "unpaid",
          status: "open",
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
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
