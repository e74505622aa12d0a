import { describe, expect, it } from "vitest";
import { signWebhook } from "../../../apps/server/src/features/webhook/webhook-signature";
import { WebhookSignatureError } from "./errors";
import { constructWebhookEvent, verifyWebhookSignature } from "./webhooks";

const secret = "whsec_3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const body = JSON.stringify({
  id: "e1",
  type: "job.completed",
  createdAt: "2026-12-05T10:00:00.000Z",
  data: { jobId: "j", 名: "✓" },
});
const t = 1_765_000_000;

describe("webhook signatures, as the server signs them (webhook-signature.ts)", () => {
  it("accepts the server's signature over the raw body, as text or bytes", async () => {
    const signature = signWebhook(secret, t, body);
    expect(await verifyWebhookSignature({ secret, payload: body, signature, now: t })).toBe(true);
    const bytes = new TextEncoder().encode(body);
    expect(await verifyWebhookSignature({ secret, payload: bytes, signature, now: t + 299 })).toBe(true);
    expect(
      await verifyWebhookSignature({ secret, payload: bytes.buffer, signature: [signature], now: t - 300 }),
    ).toBe(true);
  });

  it("refuses another body, another secret, a timestamp out of tolerance, a malformed header", async () => {
    const signature = signWebhook(secret, t, body);
    const verify = (input: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
      verifyWebhookSignature({ secret, payload: body, signature, now: t, ...input });
    expect(await verify({ payload: `${body} ` })).toBe(false);
    expect(await verify({ secret: `${secret}x` })).toBe(false);
    expect(await verify({ now: t + 301 })).toBe(false);
    expect(await verify({ now: t - 301 })).toBe(false);
    expect(await verify({ now: t + 400, toleranceSeconds: 600 })).toBe(true);
    expect(await verify({ signature: signature.replace(`t=${t}`, `t=${t + 1}`), now: t + 1 })).toBe(false);
    expect(await verify({ signature: signature.replace("v1=", "v0=") })).toBe(false);
    expect(await verify({ signature: `t=${t}` })).toBe(false);
    expect(await verify({ signature: "v1=00,t=abc" })).toBe(false);
    expect(await verify({ signature: "" })).toBe(false);
    expect(await verify({ signature: undefined })).toBe(false);
  });

  it("accepts any one matching v1 among several", async () => {
    const good = signWebhook(secret, t, body).split("v1=")[1]!;
    const signature = `t=${t},v1=${"0".repeat(64)},v1=${good}`;
    expect(await verifyWebhookSignature({ secret, payload: body, signature, now: t })).toBe(true);
  });

  it("constructs the event of a good delivery and throws on a bad one", async () => {
    const signature = signWebhook(secret, t, body);
    const event = await constructWebhookEvent({ secret, payload: body, signature, now: t });
    expect(event).toEqual(JSON.parse(body));
    await expect(constructWebhookEvent({ secret, payload: body, signature, now: t + 1_000 })).rejects.toThrow(
      WebhookSignatureError,
    );
  });
});
