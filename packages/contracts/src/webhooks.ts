import { z } from "zod";
import type { Permission } from "./permission-catalog";
import { firstPermissionNotHeld, type PermissionHolder } from "./permissions";

/** Events an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  "job.completed",
  "job.failed",
  "balance.low",
  "api_key.spend_limit.warning",
  "api_key.spend_limit.reached",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The dashboard rights each event's data is read with. An endpoint sends the organisation's data
 * to its creator's address, so an event is subscribed to only by a creator whose role holds every
 * one of these, and is sent only while they still do (docs/security.md, "Roles and rights inside
 * an organisation"): a webhook never tells its creator what they may not read on the dashboard.
 */
export const WEBHOOK_EVENT_PERMISSIONS = {
  // The job view: what the job history shows.
  "job.completed": ["detection:read"],
  "job.failed": ["detection:read"],
  // The balance: what the account page shows.
  "balance.low": ["account:read"],
  // A key's spend against its limits: what the API keys page and the account page show.
  "api_key.spend_limit.warning": ["apikey:read", "account:read"],
  "api_key.spend_limit.reached": ["apikey:read", "account:read"],
} as const satisfies Record<WebhookEventType, readonly Permission[]>;

/** The first right behind `event` that the holder lacks, or null when they may subscribe to it. */
export function eventPermissionNotHeld(holder: PermissionHolder, event: WebhookEventType): Permission | null {
  return firstPermissionNotHeld(holder, WEBHOOK_EVENT_PERMISSIONS[event]);
}

/** Sent only when someone presses "Send test event" for one endpoint; never subscribed to. */
export const WEBHOOK_TEST_EVENT = "ping";

/** Most endpoints one organisation may hold. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2_048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Why the last attempt of a delivery did not succeed. `response`: the receiver answered with a
 * status other than 2xx (detail: the start of its answer, if any); the others are failures before
 * an answer (detail: what the network said, or the refused host). `endpoint_disabled` and
 * `creator_lacks_rights` (its creator no longer holds what the event needs) fail at once, unsent.
 */
export const WEBHOOK_ERROR_REASONS = [
  "response",
  "redirect",
  "timeout",
  "connection_refused",
  "network",
  "target_forbidden",
  "endpoint_disabled",
  "creator_lacks_rights",
] as const;
export type WebhookErrorReason = (typeof WEBHOOK_ERROR_REASONS)[number];

/**
 * What is wrong with a webhook address, or null: it must be an absolute http(s) URL with a host
 * and without a user name or password (those would travel in every delivery and land in logs).
 */
export function webhookUrlIssue(raw: string): "not_url" | "scheme" | "credentials" | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not_url";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "scheme";
  if (!url.hostname) return "not_url";
  if (url.username || url.password) return "credentials";
  return null;
}

const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .refine((v) => webhookUrlIssue(v) === null, { error: "invalid_format" });

const events = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1);
const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX);

/** POST /api/tenant/webhook */
export const webhookCreateBody = z.object({
  url: webhookUrl,
  description: description.optional(),
  events,
});
export type WebhookCreateBody = z.input<typeof webhookCreateBody>;

/** POST /api/tenant/webhook/s/:id: only the fields sent change. */
export const webhookUpdateBody = z.object({
  url: webhookUrl.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateBody = z.input<typeof webhookUpdateBody>;

/** GET /api/tenant/webhook/s/:id/deliveries */
export const webhookDeliveriesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** An endpoint as listed: never the secret, only its last four characters. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** "whsec_…abcd" */
  secretHint: string;
  createdAt: string;
  createdBy: { id: string; name: string } | null;
  /**
   * The endpoint's events its creator no longer holds the rights for (all of them once the
   * creator has left): not sent until the rights are back (WEBHOOK_EVENT_PERMISSIONS).
   */
  pausedEvents: WebhookEventType[];
  /** The newest delivery to this endpoint, if any. */
  lastDelivery: {
    status: WebhookDeliveryStatus;
    eventType: string;
    responseStatus: number | null;
    at: string;
  } | null;
}

/** The answer to create and roll: the only time the signing secret is sent. */
export interface WebhookEndpointCreatedView {
  endpoint: WebhookEndpointView;
  secret: string;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  lastError: { reason: WebhookErrorReason; detail: string | null } | null;
  /**
   * When the next attempt is due; null once the delivery succeeded or failed. A pending delivery
   * with `lastError` set is a failed attempt awaiting this retry.
   */
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
  /** The exact JSON body sent (signed as is), the same at every attempt. */
  requestBody: string;
  /**
   * The headers the latest attempt sent (`Webhook-Signature` included; the secret never is);
   * null while no attempt sent anything (not yet tried, or refused before sending).
   */
  requestHeaders: Record<string, string> | null;
  /**
   * The first WEBHOOK_RESPONSE_BODY_MAX_BYTES bytes of the latest answer's body, as text; null when
   * the latest attempt got no answer. Its status is `responseStatus`.
   */
  responseBody: string | null;
}

/** Of a receiver's answer, only this many bytes are kept (and read). */
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 1_024;
/** Deliveries (with what they sent and the answers' starts) are kept this many days. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

export interface WebhookDeliveryPage {
  items: WebhookDeliveryView[];
  nextCursor: string | null;
}
