import { WebhookSignatureError } from "./errors.js";
import { webCrypto } from "./web-crypto.js";

/** Seconds a signature's timestamp may be from now (the server's SIGNATURE_TOLERANCE_SECONDS). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The events a webhook endpoint receives; new types may be added. */
export type WebhookEventType = "job.completed" | "job.failed" | "balance.low" | "ping" | (string & {});

/** A delivery's body. `id` is also its `Webhook-Id`: de-duplicate on it. */
export interface WebhookEvent<D = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: D;
}

/** A header as frameworks hand it over (Node.js gives an array for a repeated header). */
type HeaderValue = string | readonly string[] | null | undefined;

export interface VerifyWebhookInput {
  /** The endpoint's secret as the dashboard shows it (`whsec_…`). */
  secret: string;
  /** The raw body as received, before any JSON parsing. */
  payload: string | Uint8Array | ArrayBuffer;
  /** The `Webhook-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
  signature: HeaderValue;
  /** Default 300. */
  toleranceSeconds?: number;
  /** Now, in unix seconds (tests). */
  now?: number;
}

const encoder = new TextEncoder();

function bytesOf(payload: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof payload === "string") return encoder.encode(payload);
  return payload instanceof Uint8Array ? payload : new Uint8Array(payload);
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Checks a delivery as the server signs it (docs/webhooks.md, "Delivery"): HMAC-SHA256, keyed
 * with the secret's UTF-8 bytes (`whsec_` included), over `<t>.<raw body>`; any `v1` value may
 * match; the timestamp within the tolerance. `crypto.subtle.verify` compares in constant time.
 */
export async function verifyWebhookSignature(input: VerifyWebhookInput): Promise<boolean> {
  const header = Array.isArray(input.signature) ? input.signature.join(",") : input.signature;
  if (typeof header !== "string" || !input.secret) return false;
  const parts = header.split(",").map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? [part.trim(), ""] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const t = parts.find(([name]) => name === "t")?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(t)) > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  const candidates = parts
    .filter(([name, value]) => name === "v1" && /^[0-9a-f]{64}$/i.test(value ?? ""))
    .map(([, value]) => hexBytes(value!.toLowerCase()));
  if (candidates.length === 0) return false;

  const { subtle } = await webCrypto();
  const key = await subtle.importKey(
    "raw",
    encoder.encode(input.secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const prefix = encoder.encode(`${t}.`);
  const body = bytesOf(input.payload);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  for (const candidate of candidates)
    if (await subtle.verify("HMAC", key, candidate as Uint8Array<ArrayBuffer>, signed)) return true;
  return false;
}

/** Verifies a delivery and parses its body; throws WebhookSignatureError when it does not verify. */
export async function constructWebhookEvent<D = Record<string, unknown>>(
  input: VerifyWebhookInput,
): Promise<WebhookEvent<D>> {
  if (!(await verifyWebhookSignature(input)))
    throw new WebhookSignatureError("The webhook signature does not match, or its timestamp is too old.");
  const text =
    typeof input.payload === "string" ? input.payload : new TextDecoder().decode(bytesOf(input.payload));
  return JSON.parse(text) as WebhookEvent<D>;
}
