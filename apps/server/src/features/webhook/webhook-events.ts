import { randomUUID } from "node:crypto";
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "@nc/contracts/webhooks";
import type { Db } from "../../core/db";
import { webhookRepo } from "./webhook-repo";

type Runner = Pick<Db, "execute">;

/** The exact JSON body every delivery of an event sends (and signs). */
export function eventPayload(id: string, type: string, data: unknown, createdAt = new Date()): string {
  return JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data }, (_key, value) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

/**
 * Records an event for every enabled endpoint of the organisation that subscribed to its type,
 * IN THE CALLER'S TRANSACTION (pass `tx`): it is sent only if what caused it commits. Answers the
 * event id, or null when nobody listens.
 */
export async function enqueueWebhookEvent(
  tx: Runner,
  tenantId: string,
  type: WebhookEventType,
  data: unknown,
): Promise<string | null> {
  const eventId = randomUUID();
  const ids = await webhookRepo(tx).enqueue(tx, {
    tenantId,
    eventId,
    type,
    payload: eventPayload(eventId, type, data),
  });
  return ids.length > 0 ? eventId : null;
}

/** A test event for one endpoint, whatever it subscribed to. Answers the new delivery's id. */
export async function enqueueTestEvent(db: Db, tenantId: string, endpointId: string): Promise<string> {
  const eventId = randomUUID();
  const [id] = await webhookRepo(db).enqueue(db, {
    tenantId,
    eventId,
    type: WEBHOOK_TEST_EVENT,
    payload: eventPayload(eventId, WEBHOOK_TEST_EVENT, { endpointId }),
    endpointId,
  });
  return id!;
}

/**
 * The event of a job that ended: job.failed when it had numbers to check and none was checked
 * (every one failed), else job.completed. The job's own status stays "completed" either way.
 */
export function jobEventType(view: { chargeable: number; done: number }): WebhookEventType {
  return view.chargeable > 0 && view.done === 0 ? "job.failed" : "job.completed";
}

/** Tells the organisation's endpoints that a job ended; `view` is the job view (`progress`). */
export function enqueueJobEvent(
  tx: Runner,
  tenantId: string,
  view: { chargeable: number; done: number },
): Promise<string | null> {
  return enqueueWebhookEvent(tx, tenantId, jobEventType(view), view);
}
