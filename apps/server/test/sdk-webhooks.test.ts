import type { WebhookEndpointCreatedView } from "@nc/contracts/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  constructWebhookEvent,
  type Job,
  verifyWebhookSignature,
  WebhookSignatureError,
} from "../../../packages/sdk/src/index";
import { webhookDeliverer } from "../src/features/webhook/deliverer";
import { expectOk } from "./helpers/accounts";
import { apiClient } from "./helpers/api-client";
import { listeningOrigin, sdkClient } from "./helpers/sdk";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { startReceiver, type WebhookReceiver } from "./helpers/webhook-receiver";

const SLOW = 120_000;

/** The SDK's verification against a delivery the server really signed and sent. */
describe("@numcheck/sdk webhook verification", { timeout: SLOW }, () => {
  let t: TestApp;
  let origin: string;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // The receiver listens on 127.0.0.1: the operator allows private targets for this app.
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
    origin = await listeningOrigin(t);
    receiver = await startReceiver();
  }, SLOW);
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it("verifies the job.completed delivery of a job submitted through the SDK, and refuses a forged one", async () => {
    const c = await apiClient(t);
    const made = expectOk<WebhookEndpointCreatedView>(
      await c.dashboard("POST", "/api/tenant/webhook", {
        url: `${receiver.origin}/hooks`,
        events: ["job.completed"],
      }),
    );
    const nc = sdkClient(origin, c.secret);
    const job = await nc.jobs.create({ service: "basic", numbers: ["+447400123456", "+447400123457"] });
    expect(job.status).toBe("completed");

    expect(
      await webhookDeliverer(t.database.db, { allowPrivateTargets: true, timeoutMs: 10_000 }).drain(),
    ).toBe(1);
    const [hit] = receiver.hits;
    const signature = hit!.headers["webhook-signature"];
    const event = await constructWebhookEvent<Job>({ secret: made.secret, payload: hit!.body, signature });
    expect(event).toMatchObject({ id: hit!.headers["webhook-id"], type: "job.completed" });
    expect(event.data).toMatchObject({ id: job.id, status: "completed", done: 2 });
    // The same bytes as a Uint8Array verify too (a raw-body middleware hands over a Buffer).
    const bytes = new TextEncoder().encode(hit!.body);
    expect(await verifyWebhookSignature({ secret: made.secret, payload: bytes, signature })).toBe(true);

    // A forged body, another endpoint's secret, or a delivery replayed later are refused.
    const forged = hit!.body.replace('"done":2', '"done":3');
    expect(forged).not.toBe(hit!.body);
    await expect(
      constructWebhookEvent({ secret: made.secret, payload: forged, signature }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(await verifyWebhookSignature({ secret: `${made.secret}x`, payload: hit!.body, signature })).toBe(
      false,
    );
    const sent = Number(hit!.headers["webhook-timestamp"]);
    expect(
      await verifyWebhookSignature({ secret: made.secret, payload: hit!.body, signature, now: sent + 301 }),
    ).toBe(false);
  });
});
