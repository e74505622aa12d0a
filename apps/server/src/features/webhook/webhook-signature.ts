import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A receiver refuses a signature whose timestamp is further than this from its clock (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** "whsec_" and 32 random bytes in base64url (43 characters). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/** What the list shows of a secret. */
export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

/** Hex HMAC-SHA256 of "<t>.<raw body>", keyed with the secret exactly as shown (whsec_ included). */
function digest(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The Webhook-Signature header: "t=<unix seconds>,v1=<hex digest>". */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

/**
 * The receiver's side, as docs/webhooks.md describes it: recompute over the raw body, compare in
 * constant time, and refuse a timestamp more than 5 minutes from now. Several v1 values (none are
 * sent today) are accepted if any one matches.
 */
export function verifyWebhook(
  secret: string,
  header: string,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parts = header.split(",").map((part) => part.trim().split("="));
  const t = parts.find(([key]) => key === "t")?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  const timestamp = Number(t);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(digest(secret, timestamp, rawBody), "hex");
  return parts
    .filter(([key, value]) => key === "v1" && value && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, "hex"), expected));
}
