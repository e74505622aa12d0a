import type {
  WebhookEndpointCreatedView,
  WebhookEndpointView,
  WebhookEventType,
} from "@nc/contracts/webhooks";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import { users } from "../../src/db/schema/index";
import { webhookDeliverer } from "../../src/features/webhook/deliverer";
import { enqueueWebhookEvent } from "../../src/features/webhook/webhook-events";
import { type Account, body, expectError, expectOk, registerUser } from "../helpers/accounts";
import { createTenant, inTenant, memberHolding as memberHoldingRights } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

/**
 * A webhook sends the organisation's data to an address its creator chose, so it speaks for them
 * and never for more than they hold now (docs/security.md, "Roles and rights inside an
 * organisation"): an event is subscribed to only by a member whose role reads its data, and is
 * sent only while the creator is still a member who may edit webhooks and read that data.
 */
const MEMBER = (userId: string) => `/api/tenant/tenant_user/s/${userId}`;
const WEBHOOK = "/api/tenant/webhook";
/** May edit webhooks and read every event's data. */
const FULL = ["apikey:create", "apikey:read", "detection:read", "account:read"];
const BALANCE = { balanceMicros: "1", thresholdMicros: "2", currency: "USD" };

describe("webhooks bound to their creator's rights", () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: Account;
  let tenantId: string;
  let asOwner: ReturnType<typeof inTenant>;
  /** The owner's own endpoint: it keeps getting every event, whatever happens to the members. */
  let ownersEndpoint: string;
  beforeAll(async () => {
    // Receivers listen on 127.0.0.1: the operator allows private targets for this app.
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
    receiver = await startReceiver();
    owner = await registerUser(t, { name: "Olga Owner" });
    tenantId = await createTenant(t, owner, "Hooks");
    asOwner = inTenant(t, owner, tenantId);
    ownersEndpoint = await endpointOf(asOwner, "owner", ["job.completed", "balance.low"]);
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  // Each test sends only its own deliveries.
  beforeEach(() =>
    t.database.db.execute(sql`update webhook_deliveries set status = 'failed' where status = 'pending'`),
  );

  /** A member whose custom role holds exactly `permissions`. */
  const memberHolding = (name: string, permissions: string[]) =>
    memberHoldingRights(t, tenantId, owner, name, permissions);

  async function endpointOf(as: ReturnType<typeof inTenant>, path: string, events: WebhookEventType[]) {
    const made = await as("POST", WEBHOOK, { url: `${receiver.origin}/${path}`, events });
    return expectOk<WebhookEndpointCreatedView>(made).endpoint.id;
  }

  /** What the list says each endpoint's creator no longer backs. */
  async function paused(): Promise<Record<string, string[]>> {
    const listed = expectOk<WebhookEndpointView[]>(await asOwner("GET", WEBHOOK));
    return Object.fromEntries(listed.map((e) => [e.id, e.pausedEvents]));
  }

  /** An event as a feature emits it (through the outbox, in a transaction): the endpoints queued for it. */
  async function emit(type: WebhookEventType): Promise<string[]> {
    const eventId = await t.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, tenantId, type, type === "balance.low" ? BALANCE : { id: "job" }),
    );
    if (!eventId) return [];
    const rows = await queryRows<{ endpoint_id: string }>(
      t.database.db,
      sql`select endpoint_id from webhook_deliveries where event_id = ${eventId}`,
    );
    return rows.map((r) => r.endpoint_id);
  }

  it("refuses at creation and change each event whose data the member may not read, naming the right", async () => {
    const jobsDesk = await memberHolding("Jobs desk", ["apikey:create", "apikey:read", "detection:read"]);
    const refused = await jobsDesk.as("POST", WEBHOOK, {
      url: `${receiver.origin}/jobs-desk`,
      events: ["job.completed", "balance.low"],
    });
    expectError(refused, 400, 40001);
    expect(body<{ fields: unknown[] }>(refused).data.fields).toEqual([
      expect.objectContaining({ field: "events.1", reason: "permission_not_held" }),
    ]);
    expect(JSON.stringify(body(refused).data)).toContain("account:read");
    // Only the owner's endpoint exists.
    expect(expectOk<unknown[]>(await asOwner("GET", WEBHOOK))).toHaveLength(1);

    // Their own endpoint cannot be given the event later either.
    const own = await endpointOf(jobsDesk.as, "jobs-desk", ["job.completed"]);
    const widened = await jobsDesk.as("POST", `${WEBHOOK}/s/${own}`, { events: ["balance.low"] });
    expectError(widened, 400, 40001);
    expect(body<{ fields: unknown[] }>(widened).data.fields).toEqual([
      expect.objectContaining({ field: "events.0", reason: "permission_not_held" }),
    ]);
    // Nor can the owner's balance events be sent to an address of their choosing.
    const redirected = await jobsDesk.as("POST", `${WEBHOOK}/s/${ownersEndpoint}`, {
      url: `${receiver.origin}/stolen`,
    });
    expectError(redirected, 400, 40001);
    expect(body<{ fields: unknown[] }>(redirected).data.fields).toEqual([
      expect.objectContaining({ field: "events.1", reason: "permission_not_held" }),
    ]);
    // Pausing it needs no right to its data.
    expectOk(await jobsDesk.as("POST", `${WEBHOOK}/s/${ownersEndpoint}`, { description: "Owner's" }));
    expectOk(await asOwner("DELETE", `${WEBHOOK}/s/${own}`));
  });

  it("stops an event when its creator loses the right to its data, and sends it again when it is back", async () => {
    const desk = await memberHolding("Finance desk", FULL);
    const theirs = await endpointOf(desk.as, "finance", ["job.completed", "balance.low"]);
    expect((await emit("balance.low")).sort()).toEqual([ownersEndpoint, theirs].sort());

    await desk.setRights(FULL.filter((p) => p !== "account:read"));
    expect(await emit("balance.low")).toEqual([ownersEndpoint]);
    // The event whose data they still read keeps coming.
    expect((await emit("job.completed")).sort()).toEqual([ownersEndpoint, theirs].sort());
    // The list says which events wait for the creator's rights.
    expect(await paused()).toMatchObject({ [theirs]: ["balance.low"], [ownersEndpoint]: [] });

    await desk.setRights(FULL);
    expect((await emit("balance.low")).sort()).toEqual([ownersEndpoint, theirs].sort());
    expect((await paused())[theirs]).toEqual([]);
    // Without the right to edit webhooks, the endpoint is not theirs to keep: nothing at all.
    await desk.setRights(FULL.filter((p) => p !== "apikey:create"));
    expect(await emit("balance.low")).toEqual([ownersEndpoint]);
    expect(await emit("job.completed")).toEqual([ownersEndpoint]);
    expectOk(await asOwner("DELETE", `${WEBHOOK}/s/${theirs}`));
  });

  it("sends nothing once its creator has been removed, but a test event still goes", async () => {
    const desk = await memberHolding("Leaver desk", FULL);
    const theirs = await endpointOf(desk.as, "leaver", ["job.completed", "job.failed", "balance.low"]);
    expectOk(await asOwner("DELETE", MEMBER(desk.member.id)));
    expect(await emit("balance.low")).toEqual([ownersEndpoint]);
    expect(await emit("job.completed")).toEqual([ownersEndpoint]);
    expect(await emit("job.failed")).toEqual([]);
    expect((await paused())[theirs]).toEqual(["job.completed", "job.failed", "balance.low"]);
    // "Send test event" carries no data and is asked for by someone who may edit the endpoint.
    expectOk(await asOwner("POST", `${WEBHOOK}/s/${theirs}/ping`));
    // The list still shows who made it, so the organisation can tell why it is silent.
    const listed = expectOk<{ id: string; createdBy: { id: string } | null }[]>(
      await asOwner("GET", WEBHOOK),
    );
    expect(listed.find((e) => e.id === theirs)?.createdBy?.id).toBe(desk.member.id);
    expectOk(await asOwner("DELETE", `${WEBHOOK}/s/${theirs}`));
  });

  it("fails, unsent, a delivery queued before its creator lost the right", async () => {
    const desk = await memberHolding("Queued desk", FULL);
    const theirs = await endpointOf(desk.as, "queued", ["balance.low"]);
    expect(await emit("balance.low")).toContain(theirs);
    expectOk(await asOwner("POST", `${WEBHOOK}/s/${theirs}/ping`));
    await desk.setRights(FULL.filter((p) => p !== "account:read"));
    receiver.hits.length = 0;
    const deliverer = webhookDeliverer(t.database.db, { allowPrivateTargets: true, timeoutMs: 2_000 });
    await deliverer.drain();
    const rows = await queryRows<{ event_type: string; status: string; last_error: string | null }>(
      t.database.db,
      sql`select event_type, status, last_error from webhook_deliveries
          where endpoint_id = ${theirs} order by created_at, id`,
    );
    expect(rows).toEqual([
      { event_type: "balance.low", status: "failed", last_error: "creator_lacks_rights" },
      { event_type: "ping", status: "succeeded", last_error: null },
    ]);
    expect(receiver.hits.filter((h) => h.path === "/queued").map((h) => JSON.parse(h.body).type)).toEqual([
      "ping",
    ]);
    expect(receiver.hits.filter((h) => h.path === "/owner")).toHaveLength(1);
    expectOk(await asOwner("DELETE", `${WEBHOOK}/s/${theirs}`));
  });

  it("a platform super-user's endpoint sends while they are one", async () => {
    const support = await registerUser(t, { name: "Sam Support" });
    const setPlatformAdmin = (value: boolean) =>
      t.database.db.update(users).set({ platformAdmin: value }).where(eq(users.id, support.id));
    await setPlatformAdmin(true);
    const theirs = await endpointOf(inTenant(t, support, tenantId), "support", ["balance.low"]);
    expect((await emit("balance.low")).sort()).toEqual([ownersEndpoint, theirs].sort());
    await setPlatformAdmin(false);
    expect(await emit("balance.low")).toEqual([ownersEndpoint]);
  });
});
