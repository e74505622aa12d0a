import type { PermissionHolder } from "@nc/contracts/permissions";
import {
  eventPermissionNotHeld,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_ERROR_REASONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookCreateBody,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointCreatedView,
  type WebhookEndpointView,
  type WebhookErrorReason,
  type WebhookEventType,
  type WebhookUpdateBody,
} from "@nc/contracts/webhooks";
import { v7 as uuidv7 } from "uuid";
import { AppError, permissionsNotHeldFaults } from "../../core/app-error";
import { keysetPage, optionalCursor } from "../../core/cursor";
import type { Db, Runner } from "../../core/db";
import type { AuditMeta } from "../../core/request-context";
import type { AuditService } from "../audit/index";
import { forbiddenTarget, type Resolve } from "./target-guard";
import { enqueueTestEvent } from "./webhook-events";
import { type DeliveryRow, type EndpointRow, type WebhookRepo, webhookRepo } from "./webhook-repo";
import { newWebhookSecret, secretHint } from "./webhook-signature";

export interface WebhookServiceOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: private, loopback and link-local targets are accepted. */
  allowPrivateTargets: boolean;
  resolve?: Resolve;
  /** Changes to endpoints are written to the audit log in their own transaction. */
  audit: Pick<AuditService, "record">;
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (row: { url: string; description: string; events: string[]; enabled: boolean }) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
});

const iso = (text: string) => new Date(text).toISOString();

/**
 * Refuses each event whose rights the member lacks, naming the first missing right: an endpoint
 * sends the organisation's data to an address of its creator's choosing, so never data they may
 * not read on the dashboard (docs/security.md, "Roles and rights inside an organisation").
 */
function checkEvents(holder: PermissionHolder, events: readonly WebhookEventType[]) {
  const fields = permissionsNotHeldFaults("events", events, (event) => eventPermissionNotHeld(holder, event));
  if (fields.length > 0) throw new AppError("validation", { fields });
}

/** Subscribed events in catalogue order, each once. */
const normalEvents = (events: readonly WebhookEventType[]) =>
  WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));

const toEndpointView = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: normalEvents(row.events as WebhookEventType[]),
  enabled: row.enabled,
  secretHint: secretHint(row.secret),
  createdAt: iso(row.created_at),
  createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name ?? "" } : null,
  pausedEvents: normalEvents(row.paused_events as WebhookEventType[]),
  lastDelivery:
    row.last_status && row.last_at
      ? {
          status: row.last_status as WebhookDeliveryStatus,
          eventType: row.last_event_type ?? "",
          responseStatus: row.last_response_status,
          at: iso(row.last_at),
        }
      : null,
});

/** The stored "reason" or "reason: detail" of a failed attempt, as the view's parts. */
export function readError(text: string | null): WebhookDeliveryView["lastError"] {
  if (!text) return null;
  const split = text.indexOf(": ");
  const reason = split === -1 ? text : text.slice(0, split);
  const detail = split === -1 ? null : text.slice(split + 2);
  return (WEBHOOK_ERROR_REASONS as readonly string[]).includes(reason)
    ? { reason: reason as WebhookErrorReason, detail }
    : { reason: "network", detail: text };
}

export const toDeliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status as WebhookDeliveryStatus,
  attempts: row.attempts,
  responseStatus: row.response_status,
  lastError: readError(row.last_error),
  nextAttemptAt: row.status === "pending" ? iso(row.next_attempt_at) : null,
  lastAttemptAt: row.last_attempt_at ? iso(row.last_attempt_at) : null,
  createdAt: iso(row.created_at),
  requestBody: row.payload,
  requestHeaders: readHeaders(row.request_headers),
  responseBody: row.response_body,
});

/** The stored headers (jsonb: an object, or its text on a driver that does not parse it). */
function readHeaders(value: Record<string, string> | string | null): Record<string, string> | null {
  if (value === null) return null;
  return typeof value === "string" ? (JSON.parse(value) as Record<string, string>) : value;
}

/**
 * Webhook endpoints of an organisation (dashboard): made with a secret shown once, listed with
 * their last delivery, changed, deleted, secret rolled; their delivery log, resend and test event.
 */
export function webhookService(db: Db, options: WebhookServiceOptions, repo: WebhookRepo = webhookRepo(db)) {
  /** Refuses a URL whose host is or resolves to a private address (unless the operator allows it). */
  async function checkTarget(url: string) {
    const bad = await forbiddenTarget(url, {
      allowPrivate: options.allowPrivateTargets,
      resolve: options.resolve,
    });
    if (bad) throw new AppError("webhookTargetForbidden", { host: bad.host }, { host: bad.host });
  }

  async function endpoint(tenantId: string, id: string, runner: Pick<Db, "execute"> = db) {
    const row = await repo.one(tenantId, id, runner);
    if (!row) throw new AppError("notFound");
    return row;
  }

  /** Runs a change and its audit event in one transaction; the event gets the endpoint before and after. */
  async function change(
    tenantId: string,
    id: string,
    meta: AuditMeta,
    action: "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated",
    write: (tx: Runner) => Promise<boolean>,
  ) {
    await db.transaction(async (tx) => {
      const before = await repo.one(tenantId, id, tx);
      if (!before || !(await write(tx))) throw new AppError("notFound");
      const after = action === "webhook.deleted" ? null : await repo.one(tenantId, id, tx);
      await options.audit.record(tx, {
        tenantId,
        ...meta,
        action,
        target: { type: "webhook", id },
        details: {
          url: before.url,
          ...(action === "webhook.updated" && after
            ? { before: audited(before), after: audited(after) }
            : {}),
        },
      });
    });
  }

  async function delivery(tenantId: string, id: string) {
    const row = await repo.delivery(tenantId, id);
    if (!row) throw new AppError("notFound");
    return toDeliveryView(row);
  }

  return {
    list: async (tenantId: string) => (await repo.list(tenantId)).map(toEndpointView),

    /** `creator`: the rights of the member making the endpoint, which bound its events. */
    async create(
      input: { tenantId: string; userId: string } & WebhookCreateBody,
      creator: PermissionHolder,
      meta: AuditMeta,
    ): Promise<WebhookEndpointCreatedView> {
      checkEvents(creator, input.events);
      const url = input.url.trim();
      await checkTarget(url);
      const secret = newWebhookSecret();
      const id = uuidv7();
      const row = await db.transaction(async (tx) => {
        if ((await repo.lockedCount(tx, input.tenantId)) >= WEBHOOK_ENDPOINTS_MAX)
          throw new AppError("webhookLimit", { max: WEBHOOK_ENDPOINTS_MAX }, { max: WEBHOOK_ENDPOINTS_MAX });
        await repo.insert(tx, {
          id,
          tenantId: input.tenantId,
          url,
          description: input.description?.trim() ?? "",
          events: normalEvents(input.events),
          secret,
          createdBy: input.userId,
        });
        const made = await endpoint(input.tenantId, id, tx);
        await options.audit.record(tx, {
          tenantId: input.tenantId,
          ...meta,
          action: "webhook.created",
          target: { type: "webhook", id },
          details: audited(made),
        });
        return made;
      });
      return { endpoint: toEndpointView(row), secret };
    },

    /**
     * `editor`: the rights of the member changing it. Whoever sets the events or the address
     * decides which data goes where, so the endpoint's events (as sent, else as stored) must lie
     * within their rights too, whoever made it.
     */
    async update(
      tenantId: string,
      id: string,
      body: WebhookUpdateBody,
      editor: PermissionHolder,
      meta: AuditMeta,
    ): Promise<WebhookEndpointView> {
      // Another organisation's id is not found before anything about the new URL is said.
      const current = await endpoint(tenantId, id);
      if (body.events !== undefined || body.url !== undefined)
        checkEvents(editor, body.events ?? normalEvents(current.events as WebhookEventType[]));
      const url = body.url?.trim();
      if (url !== undefined) await checkTarget(url);
      const patch = {
        url,
        description: body.description?.trim(),
        events: body.events ? normalEvents(body.events) : undefined,
        enabled: body.enabled,
      };
      await change(tenantId, id, meta, "webhook.updated", (tx) => repo.update(tenantId, id, patch, tx));
      return toEndpointView(await endpoint(tenantId, id));
    },

    async remove(tenantId: string, id: string, meta: AuditMeta): Promise<{ id: string }> {
      await change(tenantId, id, meta, "webhook.deleted", (tx) => repo.remove(tenantId, id, tx));
      return { id };
    },

    /** A new secret at once (the old one stops signing); shown this once. */
    async rollSecret(tenantId: string, id: string, meta: AuditMeta): Promise<WebhookEndpointCreatedView> {
      const secret = newWebhookSecret();
      await change(tenantId, id, meta, "webhook.secret_rotated", (tx) =>
        repo.update(tenantId, id, { secret }, tx),
      );
      return { endpoint: toEndpointView(await endpoint(tenantId, id)), secret };
    },

    async deliveries(
      tenantId: string,
      endpointId: string,
      query: { cursor?: string; limit: number },
    ): Promise<WebhookDeliveryPage> {
      await endpoint(tenantId, endpointId);
      const rows = await repo.deliveries(tenantId, endpointId, query.limit + 1, optionalCursor(query.cursor));
      const { data, nextCursor } = keysetPage(rows, query.limit, toDeliveryView);
      return { items: data, nextCursor };
    },

    /**
     * Queues the delivery's event again as a new delivery: same event id and body (receivers
     * de-duplicate on the id), a fresh signature and a fresh 24 hours of retries. The log keeps
     * the earlier delivery as it was.
     */
    async resend(tenantId: string, deliveryId: string): Promise<WebhookDeliveryView> {
      const id = await repo.requeue(tenantId, deliveryId);
      if (!id) throw new AppError("notFound");
      return delivery(tenantId, id);
    },

    /** A "ping" event to this endpoint only, to try the receiver. */
    async ping(tenantId: string, endpointId: string): Promise<WebhookDeliveryView> {
      await endpoint(tenantId, endpointId);
      return delivery(tenantId, await enqueueTestEvent(db, tenantId, endpointId));
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
