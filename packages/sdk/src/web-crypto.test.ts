import { afterEach, describe, expect, it, vi } from "vitest";
import { signWebhook } from "../../../apps/server/src/features/webhook/webhook-signature";
import { Numcheck } from "./client";
import { verifyWebhookSignature } from "./webhooks";

describe("WebCrypto where it is not global (Node.js 18)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("verifies signatures and makes idempotency keys with node:crypto's webcrypto", async () => {
    vi.stubGlobal("crypto", undefined);
    expect(globalThis.crypto).toBeUndefined();
    const secret = "whsec_node18";
    const body = '{"id":"e","type":"ping","createdAt":"2026-12-05T10:00:00.000Z","data":{}}';
    const signature = signWebhook(secret, 1_765_000_000, body);
    expect(await verifyWebhookSignature({ secret, payload: body, signature, now: 1_765_000_000 })).toBe(true);
    expect(await verifyWebhookSignature({ secret, payload: `${body} `, signature, now: 1_765_000_000 })).toBe(
      false,
    );

    const keys: (string | null)[] = [];
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get("idempotency-key"));
      return new Response(JSON.stringify({ code: 0, msg: "ok", data: { items: [] } }), { status: 200 });
    }) as typeof globalThis.fetch;
    await new Numcheck({ apiKey: "nc_test_x", baseUrl: "https://example.test", fetch }).check.batch({
      service: "basic",
      numbers: ["1"],
    });
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
