import { createHmac } from "node:crypto";
import type { WebhookDeliveryView, WebhookEndpointCreatedView } from "@nc/contracts/webhooks";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import {
  DELIVERY_WINDOW_MS,
  type DelivererOptions,
  RETRY_DELAYS_MS,
  webhookDeliverer,
} from "../src/features/webhook/deliverer";
import { enqueueWebhookEvent } from "../src/features/webhook/webhook-events";
import { verifyWebhook } from "../src/features/webhook/webhook-signature";
import type { WebhookFetch } from "../src/features/webhook/webhook-transport";
import { expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant } from "./helpers/tenancy";
import { onPostgres } from "./helpers/test-app";
import { webhookBench } from "./helpers/webhook-bench";
import { closedPort } from "./helpers/webhook-receiver";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Row {
  status: string;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: string;
}

describe("webhook delivery", () => {
  const bench = webhookBench();

  const deliverer = (options: Partial<DelivererOptions> = {}) =>
    webhookDeliverer(bench.t.database.db, {
      allowPrivateTargets: true,
      timeoutMs: 500,
      now: () => new Date(bench.clock),
      ...options,
    });

  async function endpoint(url = `${bench.receiver.origin}/hooks`, events = ["job.completed", "balance.low"]) {
    const f = await fundedTenant(bench.t);
    const api = inTenant(bench.t, f.owner, f.tenantId);
    const made = expectOk<WebhookEndpointCreatedView>(
      await api("POST", "/api/tenant/webhook", { url, events }),
    );
    return { ...f, api, id: made.endpoint.id, secret: made.secret };
  }

  /** An event as a feature emits it: through the outbox, in a transaction. */
  const emit = (
    tenantId: string,
    data: object = { balanceMicros: "1", thresholdMicros: "2", currency: "USD" },
  ) => bench.t.database.db.transaction((tx) => enqueueWebhookEvent(tx, tenantId, "balance.low", data));

  const rowOf = async (eventId: string) =>
    (
      await queryRows<Row>(
        bench.t.database.db,
        sql`select status, attempts, response_status, last_error, to_json(next_attempt_at) #>> '{}' as next_attempt_at
            from webhook_deliveries where event_id = ${eventId} order by created_at desc limit 1`,
      )
    )[0]!;

  it("signs every delivery as documented; a real receiver verifies it", async () => {
    const { tenantId, secret } = await endpoint();
    const eventId = (await emit(tenantId))!;
    const verified: boolean[] = [];
    bench.receiver.answer((hit) => {
      verified.push(verifyWebhook(secret, String(hit.headers["webhook-signature"]), hit.body));
      return { status: verified.at(-1) ? 200 : 400 };
    });
    expect(await deliverer().drain()).toBe(1);
    expect(verified).toEqual([true]);
    const [hit] = bench.receiver.hits;
    expect(hit!.path).toBe("/hooks");
    expect(hit!.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "NumberCheck-Webhooks/1",
      "webhook-id": eventId,
    });
    const t0 = Number(hit!.headers["webhook-timestamp"]);
    expect(t0).toBe(Math.floor(bench.clock / 1000));
    // The recipe by hand: HMAC-SHA256 over "<t>.<raw body>" keyed with the whole secret, in hex.
    const v1 = createHmac("sha256", secret).update(`${t0}.${hit!.body}`).digest("hex");
    expect(hit!.headers["webhook-signature"]).toBe(`t=${t0},v1=${v1}`);
    expect(JSON.parse(hit!.body)).toEqual({
      id: eventId,
      type: "balance.low",
      createdAt: expect.any(String),
      data: { balanceMicros: "1", thresholdMicros: "2", currency: "USD" },
    });
    // What a receiver must refuse: another body, another secret, a timestamp out of tolerance.
    const header = String(hit!.headers["webhook-signature"]);
    expect(verifyWebhook(secret, header, `${hit!.body} `, t0)).toBe(false);
    expect(verifyWebhook(`${secret}x`, header, hit!.body, t0)).toBe(false);
    expect(verifyWebhook(secret, header, hit!.body, t0 + 300)).toBe(true);
    expect(verifyWebhook(secret, header, hit!.body, t0 + 301)).toBe(false);
    expect(verifyWebhook(secret, header, hit!.body, t0 - 301)).toBe(false);
    // One character of the signature changed (always to a different one: a fixed "0" would leave a
    // signature that starts with 0 intact, one time in sixteen).
    const tampered = header.replace(/v1=(\w)/, (_m, c: string) => `v1=${c === "0" ? "1" : "0"}`);
    expect(tampered).not.toBe(header);
    expect(verifyWebhook(secret, tampered, hit!.body, t0)).toBe(false);
    expect(await rowOf(eventId)).toMatchObject({
      status: "succeeded",
      attempts: 1,
      response_status: 200,
      last_error: null,
    });
  });

  it("retries a failing receiver on the schedule (500, timeout, refused) until it answers 2xx", async () => {
    const port = await closedPort();
    const { tenantId, api, id } = await endpoint(`http://127.0.0.1:${port}/hooks`);
    const eventId = (await emit(tenantId))!;
    const d = deliverer();

    // 1: nobody listens.
    expect(await d.runOnce()).toBe(1);
    let row = await rowOf(eventId);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      response_status: null,
      last_error: "connection_refused",
    });
    expect(Date.parse(row.next_attempt_at)).toBe(bench.clock + RETRY_DELAYS_MS[0]!);
    // Not due yet, then due.
    bench.clock += MINUTE - 1_000;
    expect(await d.runOnce()).toBe(0);
    bench.clock += 1_000;

    // 2: the receiver is up now but answers 500 with a long page: only its start is kept.
    expectOk(await api("POST", `/api/tenant/webhook/s/${id}`, { url: `${bench.receiver.origin}/hooks` }));
    bench.receiver.answer(() => ({
      status: 500,
      body: `<html>\n  <body>${"oops ".repeat(200)}</body>\n</html>`,
    }));
    expect(await d.runOnce()).toBe(1);
    row = await rowOf(eventId);
    expect(row).toMatchObject({ status: "pending", attempts: 2, response_status: 500 });
    expect(row.last_error).toMatch(/^response: <html> <body>oops oops/);
    expect(row.last_error!.length).toBe("response: ".length + 200);
    expect(Date.parse(row.next_attempt_at)).toBe(bench.clock + RETRY_DELAYS_MS[1]!);

    // 3: it takes longer than the timeout.
    bench.clock += RETRY_DELAYS_MS[1]!;
    bench.receiver.answer(() => "hang");
    expect(await d.runOnce()).toBe(1);
    row = await rowOf(eventId);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 3,
      response_status: null,
      last_error: "timeout",
    });
    expect(Date.parse(row.next_attempt_at)).toBe(bench.clock + RETRY_DELAYS_MS[2]!);

    // 4: fixed.
    bench.clock += RETRY_DELAYS_MS[2]!;
    bench.receiver.answer(() => ({ status: 204 }));
    expect(await d.runOnce()).toBe(1);
    expect(await rowOf(eventId)).toMatchObject({
      status: "succeeded",
      attempts: 4,
      response_status: 204,
      last_error: null,
    });
    // Every attempt that reached the receiver carried the same event id.
    expect(new Set(bench.receiver.hits.map((h) => h.headers["webhook-id"]))).toEqual(new Set([eventId]));
    expect(bench.receiver.hits).toHaveLength(3);
    const log = expectOk<{ items: WebhookDeliveryView[] }>(
      await api("GET", `/api/tenant/webhook/s/${id}/deliveries`),
    );
    expect(log.items[0]).toMatchObject({
      eventId,
      status: "succeeded",
      attempts: 4,
      responseStatus: 204,
      nextAttemptAt: null,
    });
  });

  it("fails a delivery after the last retry, and never tries past 24 hours of the event", async () => {
    const { tenantId } = await endpoint();
    bench.receiver.answer(() => ({ status: 503 }));
    const eventId = (await emit(tenantId))!;
    const d = deliverer();
    expect(await d.runOnce()).toBe(1);
    for (const delay of RETRY_DELAYS_MS) {
      const row = await rowOf(eventId);
      expect(row).toMatchObject({ status: "pending", response_status: 503, last_error: "response" });
      expect(Date.parse(row.next_attempt_at)).toBe(bench.clock + delay);
      bench.clock += delay;
      expect(await d.runOnce()).toBe(1);
    }
    expect(await rowOf(eventId)).toMatchObject({ status: "failed", attempts: 7, response_status: 503 });
    bench.clock += 24 * HOUR;
    expect(await d.runOnce()).toBe(0);
    expect(bench.receiver.hits).toHaveLength(7);

    // A deliverer that was down for most of the day: the retry would land past 24 hours, so none.
    const late = (await emit(tenantId))!;
    bench.clock = Date.now() + DELIVERY_WINDOW_MS - 30_000;
    expect(await d.runOnce()).toBe(1);
    expect(await rowOf(late)).toMatchObject({ status: "failed", attempts: 1, response_status: 503 });
  });

  it("resend delivers the same event again with the same Webhook-Id and body, freshly signed", async () => {
    const { tenantId, api, id, secret } = await endpoint();
    bench.receiver.answer(() => ({ status: 500 }));
    const eventId = (await emit(tenantId))!;
    const d = deliverer();
    await d.runOnce();
    const [failed] = expectOk<{ items: WebhookDeliveryView[] }>(
      await api("GET", `/api/tenant/webhook/s/${id}/deliveries`),
    ).items;
    bench.receiver.answer(() => ({ status: 200 }));
    bench.clock += 5_000;
    const again = expectOk<WebhookDeliveryView>(
      await api("POST", `/api/tenant/webhook/delivery/s/${failed!.id}/resend`),
    );
    expect(again).toMatchObject({ eventId, status: "pending", attempts: 0 });
    expect(await d.runOnce()).toBe(1);
    const [first, second] = bench.receiver.hits;
    expect(second!.headers["webhook-id"]).toBe(eventId);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers["webhook-signature"]).not.toBe(first!.headers["webhook-signature"]);
    expect(
      verifyWebhook(
        secret,
        String(second!.headers["webhook-signature"]),
        second!.body,
        Math.floor(bench.clock / 1000),
      ),
    ).toBe(true);
    const log = expectOk<{ items: WebhookDeliveryView[] }>(
      await api("GET", `/api/tenant/webhook/s/${id}/deliveries`),
    ).items;
    expect(log.map((l) => [l.id, l.status])).toEqual([
      [again.id, "succeeded"],
      [failed!.id, "pending"],
    ]);
  });

  it("never follows a redirect", async () => {
    const { tenantId } = await endpoint();
    bench.receiver.answer((hit) =>
      hit.path === "/hooks"
        ? { status: 302, headers: { location: `${bench.receiver.origin}/elsewhere` } }
        : { status: 200 },
    );
    const eventId = (await emit(tenantId))!;
    await deliverer().runOnce();
    expect(bench.receiver.hits.map((h) => h.path)).toEqual(["/hooks"]);
    expect(await rowOf(eventId)).toMatchObject({
      status: "pending",
      response_status: 302,
      last_error: "redirect",
    });
  });

  it("a delivery to an endpoint disabled since is failed without being sent", async () => {
    const { tenantId, api, id } = await endpoint();
    const eventId = (await emit(tenantId))!;
    expectOk(await api("POST", `/api/tenant/webhook/s/${id}`, { enabled: false }));
    await deliverer().runOnce();
    expect(bench.receiver.hits).toEqual([]);
    expect(await rowOf(eventId)).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "endpoint_disabled",
    });
  });

  it("checks the target again at delivery: a name that now points inside is refused, nothing is sent", async () => {
    const { tenantId } = await endpoint("https://hooks.customer.test/in");
    const eventId = (await emit(tenantId))!;
    const calls: string[] = [];
    const spy: WebhookFetch = async (url) => {
      calls.push(url);
      return { status: 200, text: async () => "" };
    };
    await deliverer({
      allowPrivateTargets: false,
      resolve: async () => [{ address: "10.0.0.7", family: 4 }],
      fetch: spy,
    }).runOnce();
    expect(calls).toEqual([]);
    expect(await rowOf(eventId)).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "target_forbidden: hooks.customer.test",
    });
    // Public again: delivered.
    bench.clock += RETRY_DELAYS_MS[0]!;
    await deliverer({
      allowPrivateTargets: false,
      resolve: async () => [{ address: "203.0.113.50", family: 4 }],
      fetch: spy,
    }).runOnce();
    expect(calls).toEqual(["https://hooks.customer.test/in"]);
    expect(await rowOf(eventId)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("connects only to the address it checked (a name that turns private between check and connect)", async () => {
    const port = bench.receiver.origin.split(":").at(-1);
    const { tenantId } = await endpoint(`http://rebind.test:${port}/in`);
    const eventId = (await emit(tenantId))!;
    let answers = 0;
    // The first answer (the check) is public, the next one (the connection) is the loopback bench.receiver.
    const rebinding = async () => [{ address: answers++ === 0 ? "203.0.113.50" : "127.0.0.1", family: 4 }];
    await deliverer({ allowPrivateTargets: false, resolve: rebinding }).runOnce();
    expect(answers).toBe(2);
    expect(bench.receiver.hits).toEqual([]);
    expect(await rowOf(eventId)).toMatchObject({
      status: "pending",
      last_error: "target_forbidden: rebind.test",
    });
    // Where the operator allows private targets the same name is reached.
    bench.clock += RETRY_DELAYS_MS[0]!;
    await deliverer({ resolve: async () => [{ address: "127.0.0.1", family: 4 }] }).runOnce();
    expect(bench.receiver.hits.map((h) => h.headers.host)).toEqual([`rebind.test:${port}`]);
    expect(await rowOf(eventId)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it.skipIf(!onPostgres)("two deliverers at once never send a delivery twice (PostgreSQL)", async () => {
    const { tenantId } = await endpoint();
    bench.receiver.answer(() => ({ status: 200 }));
    const events = await Promise.all(Array.from({ length: 40 }, (_, n) => emit(tenantId, { n })));
    const options = { batch: 5, concurrency: 3 };
    const [a, b] = await Promise.all([deliverer(options).drain(), deliverer(options).drain()]);
    expect(a + b).toBe(40);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const ids = bench.receiver.hits.map((h) => String(h.headers["webhook-id"]));
    expect(ids).toHaveLength(40);
    expect(new Set(ids)).toEqual(new Set(events));
  });
});
