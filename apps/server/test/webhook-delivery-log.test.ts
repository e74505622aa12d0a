import {
  WEBHOOK_RESPONSE_BODY_MAX_BYTES,
  type WebhookDeliveryPage,
  type WebhookEndpointCreatedView,
} from "@nc/contracts/webhooks";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { webhookDeliverer } from "../src/features/webhook/deliverer";
import { enqueueWebhookEvent } from "../src/features/webhook/webhook-events";
import { expectError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { webhookBench } from "./helpers/webhook-bench";

const DAY = 24 * 60 * 60_000;

/** What was sent and answered, kept per delivery and shown in the dashboard's deliveries drawer. */
describe("webhook delivery log: request and answer", () => {
  const bench = webhookBench();

  // The real transport (Node's http client), so the bounded read is the one production uses.
  const deliverer = () =>
    webhookDeliverer(bench.t.database.db, {
      allowPrivateTargets: true,
      timeoutMs: 2_000,
      now: () => new Date(bench.clock),
    });

  async function endpoint() {
    const f = await fundedTenant(bench.t);
    const made = expectOk<WebhookEndpointCreatedView>(
      await f.api("POST", "/api/tenant/webhook", {
        url: `${bench.receiver.origin}/hooks`,
        events: ["balance.low"],
      }),
    );
    return { ...f, id: made.endpoint.id, secret: made.secret };
  }

  const emit = (tenantId: string) =>
    bench.t.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, tenantId, "balance.low", {
        balanceMicros: "1",
        thresholdMicros: "2",
        currency: "USD",
      }),
    );

  const log = async (api: ReturnType<typeof inTenant>, id: string) =>
    expectOk<WebhookDeliveryPage>(await api("GET", `/api/tenant/webhook/s/${id}/deliveries`)).items;

  it("keeps the body and headers sent, the answer's status and its start; never the secret", async () => {
    const { api, tenantId, id, secret } = await endpoint();
    const eventId = (await emit(tenantId))!;
    bench.receiver.answer(() => ({
      status: 202,
      body: '{"received":true}',
      headers: { "content-type": "application/json" },
    }));
    expect(await deliverer().drain()).toBe(1);
    const [hit] = bench.receiver.hits;
    const [delivery] = await log(api, id);
    expect(delivery).toMatchObject({
      eventId,
      status: "succeeded",
      responseStatus: 202,
      responseBody: '{"received":true}',
      requestBody: hit!.body,
    });
    // Exactly what arrived: the signature header too (it is not the secret).
    for (const [name, value] of Object.entries(delivery!.requestHeaders!))
      expect([name, hit!.headers[name]]).toEqual([name, value]);
    expect(Object.keys(delivery!.requestHeaders!).sort()).toEqual([
      "content-length",
      "content-type",
      "user-agent",
      "webhook-id",
      "webhook-signature",
      "webhook-timestamp",
    ]);
    expect(JSON.stringify(delivery)).not.toContain(secret);
    const stored = await queryRows<{ row: string }>(
      bench.t.database.db,
      sql`select row_to_json(d)::text as row from webhook_deliveries d where d.id = ${delivery!.id}`,
    );
    expect(stored[0]!.row).not.toContain(secret);
  });

  it("of a 10 KB answer keeps only the first 1,024 bytes; a failed attempt awaiting retry says when", async () => {
    const { api, tenantId, id } = await endpoint();
    await emit(tenantId);
    const big = `${"x".repeat(1_001)}${"é".repeat(5_000)}`;
    bench.receiver.answer(() => ({ status: 500, body: big }));
    await deliverer().runOnce();
    const [delivery] = await log(api, id);
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      responseStatus: 500,
      lastError: { reason: "response" },
    });
    expect(delivery!.nextAttemptAt).not.toBeNull();
    const kept = delivery!.responseBody!;
    // 1,001 "x" and 11 "é" (2 bytes each): the 12th "é", split by the cut, is left out, not mangled.
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(WEBHOOK_RESPONSE_BODY_MAX_BYTES);
    expect(kept).toBe(big.slice(0, 1_012));
    expect(kept).not.toContain("\uFFFD");

    // Exactly 10 KB of ASCII: exactly 1,024 kept.
    bench.receiver.answer(() => ({ status: 200, body: "y".repeat(10 * 1024) }));
    bench.clock += 2 * 60_000;
    await deliverer().runOnce();
    const [after] = await log(api, id);
    expect(after).toMatchObject({ status: "succeeded", attempts: 2, responseStatus: 200 });
    expect(after!.responseBody).toBe("y".repeat(1_024));
  });

  it("only the organisation's own members with the webhook read right see the log", async () => {
    const a = await endpoint();
    await emit(a.tenantId);
    await deliverer().drain();
    expect(await log(a.api, a.id)).toHaveLength(1);

    const b = await fundedTenant(bench.t);
    // Another organisation asking for A's endpoint: not found, nothing of it shown.
    const theirs = await b.api("GET", `/api/tenant/webhook/s/${a.id}/deliveries`);
    expectError(theirs, 404, 40400);
    expect(theirs.body).not.toContain("requestBody");
    // B's owner naming A as their organisation: not a member (40036), nothing of it shown.
    const posing = await inTenant(
      bench.t,
      b.owner,
      a.tenantId,
    )("GET", `/api/tenant/webhook/s/${a.id}/deliveries`);
    expect(posing.json()).toMatchObject({ code: 40036, data: null });
    expect(posing.body).not.toContain("requestBody");
    // A member of A without the webhook right.
    const viewer = inTenant(bench.t, await memberWithRole(bench.t, a.tenantId, "viewer"), a.tenantId);
    expectError(await viewer("GET", `/api/tenant/webhook/s/${a.id}/deliveries`), 403, 40300);
    // A member of A with it.
    const developer = inTenant(bench.t, await memberWithRole(bench.t, a.tenantId, "developer"), a.tenantId);
    expect((await log(developer, a.id))[0]!.requestBody).toContain('"balance.low"');
  });

  it("deliveries, with what they sent and got, are deleted after 30 days", async () => {
    const { api, tenantId, id } = await endpoint();
    const old = (await emit(tenantId))!;
    const recent = (await emit(tenantId))!;
    const d = deliverer();
    await d.drain();
    const now = new Date(bench.clock);
    const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    await bench.t.database.db.execute(
      sql`update webhook_deliveries set created_at = ${ago(31)}::timestamptz where event_id = ${old}`,
    );
    await bench.t.database.db.execute(
      sql`update webhook_deliveries set created_at = ${ago(29)}::timestamptz where event_id = ${recent}`,
    );
    expect(await d.prune(now)).toBeGreaterThanOrEqual(1);
    const left = await log(api, id);
    expect(left.map((x) => x.eventId)).toEqual([recent]);
    expect(left[0]!.requestHeaders).not.toBeNull();
  });
});
