import type { JobView } from "@nc/contracts/jobs";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import {
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointCreatedView,
  type WebhookEndpointView,
} from "@nc/contracts/webhooks";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import type { ItemProcessor } from "../src/features/job/process-item";
import { jobWorker } from "../src/features/job/worker";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { fundedTenant, system } from "./helpers/billing";
import { submitAsLive } from "./helpers/jobs";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** A public address literal (TEST-NET-3): accepted by the target guard without a DNS look-up. */
const PUBLIC_URL = "https://203.0.113.10/hooks";

type Api = ReturnType<typeof inTenant>;

const create = (api: Api, body: object = {}) =>
  api("POST", "/api/tenant/webhook", { url: PUBLIC_URL, events: ["job.completed"], ...body });

interface StoredDelivery {
  event_id: string;
  event_type: string;
  payload: string;
  status: string;
}

/** Every delivery of the organisation, oldest first, with the exact body it will send. */
const deliveriesOf = (t: TestApp, tenantId: string) =>
  queryRows<StoredDelivery>(
    t.database.db,
    sql`select event_id, event_type, payload, status from webhook_deliveries
        where tenant_id = ${tenantId} order by created_at, id`,
  );

describe("webhook endpoints (dashboard)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function org(openingMicros = 0n) {
    return fundedTenant(t, openingMicros);
  }

  it("shows the secret once; the list shows only its last four characters", async () => {
    const { api } = await org();
    const made = expectOk<WebhookEndpointCreatedView>(
      await create(api, {
        description: "  Orders system ",
        events: ["balance.low", "job.completed", "job.completed"],
      }),
    );
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.endpoint).toMatchObject({
      url: PUBLIC_URL,
      description: "Orders system",
      // Catalogue order, each once.
      events: ["job.completed", "balance.low"],
      enabled: true,
      secretHint: `whsec_…${made.secret.slice(-4)}`,
      lastDelivery: null,
    });
    expect(made.endpoint.createdBy?.id).toBeTruthy();
    const listed = await api("GET", "/api/tenant/webhook");
    expect(listed.body).not.toContain(made.secret.slice(6, 30));
    expect(expectOk<WebhookEndpointView[]>(listed).map((e) => e.id)).toEqual([made.endpoint.id]);
  });

  it("changes url, events, description and enabled; rolls the secret; deletes", async () => {
    const { api } = await org();
    const made = expectOk<WebhookEndpointCreatedView>(await create(api));
    const id = made.endpoint.id;
    const changed = expectOk<WebhookEndpointView>(
      await api("POST", `/api/tenant/webhook/s/${id}`, {
        url: "https://203.0.113.11/other",
        events: ["job.failed"],
        description: "Backup",
        enabled: false,
      }),
    );
    expect(changed).toMatchObject({
      url: "https://203.0.113.11/other",
      events: ["job.failed"],
      description: "Backup",
      enabled: false,
      secretHint: made.endpoint.secretHint,
    });
    // Only what is sent changes.
    expect(
      expectOk<WebhookEndpointView>(await api("POST", `/api/tenant/webhook/s/${id}`, { enabled: true })),
    ).toMatchObject({ enabled: true, events: ["job.failed"], description: "Backup" });

    const rolled = expectOk<WebhookEndpointCreatedView>(
      await api("POST", `/api/tenant/webhook/s/${id}/roll`),
    );
    expect(rolled.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rolled.secret).not.toBe(made.secret);
    expect(rolled.endpoint.secretHint).toBe(`whsec_…${rolled.secret.slice(-4)}`);
    const [stored] = await queryRows<{ secret: string }>(
      t.database.db,
      sql`select secret from webhook_endpoints where id = ${id}`,
    );
    expect(stored!.secret).toBe(rolled.secret);

    expect(expectOk<{ id: string }>(await api("DELETE", `/api/tenant/webhook/s/${id}`))).toEqual({ id });
    expectError(await api("DELETE", `/api/tenant/webhook/s/${id}`), 404, 40400);
    expect(expectOk<WebhookEndpointView[]>(await api("GET", "/api/tenant/webhook"))).toEqual([]);
  });

  it("names the field of a bad url or event list", async () => {
    const { api } = await org();
    for (const url of ["ftp://203.0.113.10/x", "https://user:pass@203.0.113.10/x", "not a url", "/relative"])
      expectFieldError(await create(api, { url }), "url", "invalid_format");
    expectFieldError(await create(api, { url: "" }), "url", "required");
    expectFieldError(await create(api, { events: [] }), "events", "too_few");
    expectFieldError(await create(api, { events: ["job.started"] }), "events.0", "invalid_value");
    expectFieldError(await create(api, { description: "x".repeat(201) }), "description", "too_long");
    const id = expectOk<WebhookEndpointCreatedView>(await create(api)).endpoint.id;
    expectFieldError(
      await api("POST", `/api/tenant/webhook/s/${id}`, { url: "gopher://203.0.113.10" }),
      "url",
      "invalid_format",
    );
  });

  it(`allows ${WEBHOOK_ENDPOINTS_MAX} endpoints per organisation`, async () => {
    const { api, tenantId } = await org();
    await t.database.db.execute(
      sql`insert into webhook_endpoints (id, tenant_id, url, events, secret)
          select gen_random_uuid(), ${tenantId}::uuid, 'https://203.0.113.10/' || g, '{job.completed}', 'whsec_x'
          from generate_series(1, ${WEBHOOK_ENDPOINTS_MAX - 1}) g`,
    );
    expectOk(await create(api));
    const refused = expectError<{ max: number }>(await create(api), 400, 40054);
    expect(refused.data).toEqual({ max: WEBHOOK_ENDPOINTS_MAX });
    expect(refused.msg).toContain(String(WEBHOOK_ENDPOINTS_MAX));
  });

  it("refuses private, loopback, link-local, unique-local, CGNAT and multicast targets", async () => {
    const { api } = await org();
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://[::1]/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://10.1.2.3/hook",
      "https://172.20.0.5/hook",
      "https://192.168.1.10/hook",
      "https://100.64.0.1/hook",
      "https://[fd12:3456::1]/hook",
      "https://[fe80::1]/hook",
      "https://224.0.0.1/hook",
      "https://0.0.0.0/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://2130706433/hook",
    ]) {
      const refused = expectError<{ host: string }>(await create(api, { url }), 400, 40055);
      expect(refused.msg, url).toContain(refused.data.host);
    }
    const id = expectOk<WebhookEndpointCreatedView>(await create(api)).endpoint.id;
    expectError(await api("POST", `/api/tenant/webhook/s/${id}`, { url: "http://10.0.0.1/" }), 400, 40055);
    expect(expectOk<WebhookEndpointView[]>(await api("GET", "/api/tenant/webhook"))[0]!.url).toBe(PUBLIC_URL);
  });

  it("another organisation's endpoint and delivery ids are not found; nothing of theirs changes", async () => {
    const a = await org();
    const b = await org();
    const theirs = expectOk<WebhookEndpointCreatedView>(await create(b.api)).endpoint.id;
    const theirDelivery = expectOk<WebhookDeliveryView>(
      await b.api("POST", `/api/tenant/webhook/s/${theirs}/ping`),
    ).id;
    expectError(await a.api("POST", `/api/tenant/webhook/s/${theirs}`, { enabled: false }), 404, 40400);
    // Not found wins over anything the body says: the id itself tells nothing.
    expectError(
      await a.api("POST", `/api/tenant/webhook/s/${theirs}`, { url: "http://10.0.0.1/" }),
      404,
      40400,
    );
    expectError(await a.api("DELETE", `/api/tenant/webhook/s/${theirs}`), 404, 40400);
    expectError(await a.api("POST", `/api/tenant/webhook/s/${theirs}/roll`), 404, 40400);
    expectError(await a.api("POST", `/api/tenant/webhook/s/${theirs}/ping`), 404, 40400);
    expectError(await a.api("GET", `/api/tenant/webhook/s/${theirs}/deliveries`), 404, 40400);
    expectError(await a.api("POST", `/api/tenant/webhook/delivery/s/${theirDelivery}/resend`), 404, 40400);
    expect(expectOk<WebhookEndpointView[]>(await a.api("GET", "/api/tenant/webhook"))).toEqual([]);
    const still = expectOk<WebhookEndpointView[]>(await b.api("GET", "/api/tenant/webhook"));
    expect(still).toHaveLength(1);
    expect(still[0]).toMatchObject({ id: theirs, enabled: true });
    expect(await deliveriesOf(t, b.tenantId)).toHaveLength(1);
  });

  it("a Viewer sees nothing and changes nothing; a Developer manages webhooks", async () => {
    const { api, tenantId } = await org();
    const id = expectOk<WebhookEndpointCreatedView>(await create(api)).endpoint.id;
    const viewer = inTenant(t, await memberWithRole(t, tenantId, "viewer"), tenantId);
    expectError(await viewer("GET", "/api/tenant/webhook"), 403, 40300);
    expectError(await create(viewer), 403, 40300);
    expectError(await viewer("POST", `/api/tenant/webhook/s/${id}`, { enabled: false }), 403, 40300);
    expectError(await viewer("DELETE", `/api/tenant/webhook/s/${id}`), 403, 40300);
    expectError(await viewer("POST", `/api/tenant/webhook/s/${id}/roll`), 403, 40300);
    expectError(await viewer("GET", `/api/tenant/webhook/s/${id}/deliveries`), 403, 40300);
    const developer = inTenant(t, await memberWithRole(t, tenantId, "developer"), tenantId);
    expect(expectOk<WebhookEndpointView[]>(await developer("GET", "/api/tenant/webhook"))).toHaveLength(1);
    expectOk(await developer("POST", `/api/tenant/webhook/s/${id}`, { enabled: false }));
    expectOk(await create(developer));
  });

  it("pages the delivery log newest first; resend queues the same event again", async () => {
    const { api } = await org();
    const id = expectOk<WebhookEndpointCreatedView>(await create(api)).endpoint.id;
    const sent: string[] = [];
    for (let i = 0; i < 7; i++)
      sent.push(expectOk<WebhookDeliveryView>(await api("POST", `/api/tenant/webhook/s/${id}/ping`)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page: WebhookDeliveryPage = expectOk<WebhookDeliveryPage>(
        await api("GET", `/api/tenant/webhook/s/${id}/deliveries?limit=3${query}`),
      );
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...sent].reverse());
    expectFieldError(
      await api("GET", `/api/tenant/webhook/s/${id}/deliveries?cursor=bogus`),
      "cursor",
      "invalid",
    );

    const first = expectOk<WebhookDeliveryPage>(
      await api("GET", `/api/tenant/webhook/s/${id}/deliveries`),
    ).items.at(-1)!;
    expect(first).toMatchObject({ eventType: "ping", status: "pending", attempts: 0, lastError: null });
    const again = expectOk<WebhookDeliveryView>(
      await api("POST", `/api/tenant/webhook/delivery/s/${first.id}/resend`),
    );
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({
      eventId: first.eventId,
      eventType: "ping",
      status: "pending",
      attempts: 0,
    });
    const payloads = await queryRows<{ id: string; payload: string }>(
      t.database.db,
      sql`select id, payload from webhook_deliveries where id in (${first.id}, ${again.id})`,
    );
    expect(new Set(payloads.map((p) => p.payload)).size).toBe(1);
    const listed = expectOk<WebhookEndpointView[]>(await api("GET", "/api/tenant/webhook"))[0]!;
    expect(listed.lastDelivery).toMatchObject({ status: "pending", eventType: "ping", responseStatus: null });
  });

  it("balance.low is queued once per crossing, in the movement's transaction", async () => {
    const { api, tenantId, billing } = await org(10_000_000n);
    expectOk(await create(api, { events: ["balance.low"] }));
    expectOk(await api("POST", "/api/tenant/account/settings", { lowBalanceThreshold: "9" }));
    const charge = (micros: bigint) =>
      billing.charge({ tenantId, tradeType: TRADE_TYPES.checkBasic, amountMicros: micros, actor: system });
    await charge(2_000_000n);
    await charge(1_000_000n);
    expect(await deliveriesOf(t, tenantId)).toHaveLength(1);
    // Back above the threshold, then under it again: a second crossing, a second event.
    await billing.credit({ tenantId, tradeType: TRADE_TYPES.add, amountMicros: 5_000_000n, actor: system });
    await charge(4_000_000n);
    const events = await deliveriesOf(t, tenantId);
    expect(events.map((e) => e.event_type)).toEqual(["balance.low", "balance.low"]);
    const body = JSON.parse(events[0]!.payload);
    expect(body).toEqual({
      id: events[0]!.event_id,
      type: "balance.low",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { balanceMicros: "8000000", thresholdMicros: "9000000", currency: expect.any(String) },
    });
    expect(JSON.parse(events[1]!.payload).data.balanceMicros).toBe("8000000");
    // A charge refused for want of funds moves nothing and tells nobody.
    await expect(charge(100_000_000n)).rejects.toThrow();
    expect(await deliveriesOf(t, tenantId)).toHaveLength(2);
  });

  it("job.completed carries the job view, for a job done at submission and one done by the worker", async () => {
    const { api, tenantId } = await org(1_000_000n);
    expectOk(await create(api, { events: ["job.completed", "job.failed"] }));
    // Another endpoint that wants only failures hears nothing of these.
    expectOk(await create(api, { events: ["job.failed"], url: "https://203.0.113.12/failures" }));
    const atOnce = expectOk<JobView>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: ["+447911123456", "+447911123457"] }),
    );
    expect(atOnce.status).toBe("completed");
    let events = await deliveriesOf(t, tenantId);
    expect(events.map((e) => e.event_type)).toEqual(["job.completed"]);
    const data = JSON.parse(events[0]!.payload).data as JobView;
    expect(data).toMatchObject({ id: atOnce.id, status: "completed", done: 2, chargeable: 2, total: 2 });
    expect(Object.keys(data).sort()).toEqual(Object.keys(atOnce).sort());

    const live = await submitAsLive<JobView>(t, api, { service: "basic", numbers: ["+447911123458"] });
    expect(await deliveriesOf(t, tenantId)).toHaveLength(1);
    await t.app.jobs.worker.drain();
    events = await deliveriesOf(t, tenantId);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ event_type: "job.completed", status: "pending" });
    expect(JSON.parse(events[1]!.payload).data).toMatchObject({ id: live.id, status: "completed", done: 1 });
  });

  it("job.failed when every number to check failed; the job itself still reads completed", async () => {
    const { api, tenantId } = await org(1_000_000n);
    expectOk(await create(api, { events: ["job.completed", "job.failed"] }));
    const job = await submitAsLive<JobView>(t, api, {
      service: "basic",
      numbers: ["+447911123459", "+447911123460"],
    });
    const failing: ItemProcessor = {
      sandbox: () => false,
      process: async () => {
        throw new Error("upstream down");
      },
    };
    await jobWorker(t.database.db, t.app.services, t.app.jobs.service, failing, {
      batch: 10,
      concurrency: 2,
      leaseSeconds: 60,
      maxAttempts: 1,
    }).drain();
    const [event] = await deliveriesOf(t, tenantId);
    expect(event!.event_type).toBe("job.failed");
    expect(JSON.parse(event!.payload).data).toMatchObject({
      id: job.id,
      status: "completed",
      done: 0,
      failed: 2,
    });
    expect(expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`)).status).toBe("completed");
  });

  it("a disabled endpoint gets no events", async () => {
    const { api, tenantId } = await org(1_000_000n);
    const id = expectOk<WebhookEndpointCreatedView>(await create(api)).endpoint.id;
    expectOk(await api("POST", `/api/tenant/webhook/s/${id}`, { enabled: false }));
    expectOk(await api("POST", "/api/tenant/job", { service: "basic", numbers: ["+447911123461"] }));
    expect(await deliveriesOf(t, tenantId)).toEqual([]);
  });
});

describe("webhook targets with WEBHOOK_ALLOW_PRIVATE_TARGETS=true", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
  });
  afterAll(() => t.close());

  it("accepts loopback and private addresses", async () => {
    const { owner, tenantId } = await fundedTenant(t);
    const api = inTenant(t, owner, tenantId);
    for (const url of ["http://127.0.0.1:9/hook", "http://localhost:9/hook", "http://10.1.2.3/hook"])
      expectOk(await create(api, { url }));
  });
});
