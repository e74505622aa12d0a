import { randomUUID } from "node:crypto";
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from "@nc/contracts/webhooks";
import type { FastifyBaseLogger } from "fastify";
import { roundLoop } from "../../background/round-loop";
import type { Db } from "../../core/db";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../core/time";
import { forbiddenTarget, type Resolve } from "./target-guard";
import { type ClaimedDelivery, webhookRepo } from "./webhook-repo";
import { signWebhook } from "./webhook-signature";
import {
  pinnedFetch,
  RESPONSE_BODY_MAX_BYTES,
  TargetRefusedError,
  textStart,
  type WebhookFetch,
} from "./webhook-transport";

/** After the 1st, 2nd, ... failed attempt, the next one comes this much later. */
export const RETRY_DELAYS_MS = [
  MINUTE_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
];
/** No attempt after this much time from the event: the delivery is failed. */
export const DELIVERY_WINDOW_MS = 24 * HOUR_MS;
/** An answer must come (status line and headers) within this. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Of a receiver's answer or an error, only this many characters are kept. */
export const ERROR_TEXT_MAX = 200;
/** Finished deliveries are deleted from the log after this many days. */
export const DELIVERY_RETENTION_DAYS = WEBHOOK_DELIVERY_RETENTION_DAYS;
const PRUNE_EVERY_MS = 10 * MINUTE_MS;

export interface DelivererOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivateTargets: boolean;
  /** Deliveries claimed per round. */
  batch?: number;
  /** Deliveries sent at the same time. */
  concurrency?: number;
  /** How long a claimed delivery stays with this deliverer (well above the timeout). */
  leaseSeconds?: number;
  /** Pause when nothing was due. */
  idleMs?: number;
  timeoutMs?: number;
  id?: string;
  /** The clock (tests move it to reach retries hours away). */
  now?: () => Date;
  /** How a delivery is sent; by default Node's http client pinned to checked addresses. */
  fetch?: WebhookFetch;
  resolve?: Resolve;
}

/** What an attempt sent and what came back, for the delivery log (null: not sent / no answer). */
interface Exchange {
  requestHeaders: Record<string, string> | null;
  responseBody: string | null;
}

type Outcome = Exchange &
  (
    | { status: "succeeded"; responseStatus: number }
    | { status: "retry" | "failed"; responseStatus: number | null; error: string }
  );

const unsent = { requestHeaders: null, responseBody: null } as const;

/** The headers of a POST of `body`, as sent and as logged: the signature, never the secret. */
function requestHeaders(
  claim: ClaimedDelivery,
  timestamp: number,
  userAgent: string,
): Record<string, string> {
  return {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(claim.payload)),
    "user-agent": userAgent,
    "webhook-id": claim.event_id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(claim.secret, timestamp, claim.payload),
  };
}

/** When the next attempt is due after `attempts` failed ones, or null when there is none. */
export function nextAttemptAt(attempts: number, failedAt: Date, eventAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return null;
  const next = new Date(failedAt.getTime() + delay);
  return next.getTime() - eventAt.getTime() > DELIVERY_WINDOW_MS ? null : next;
}

/** "reason" or "reason: detail", the detail on one line and cut to ERROR_TEXT_MAX characters. */
function errorText(reason: string, detail?: string | null): string {
  const line = (detail ?? "").replace(/\s+/g, " ").trim().slice(0, ERROR_TEXT_MAX);
  return line ? `${reason}: ${line}` : reason;
}

/** What a failed send says in the log: no stack, no receiver data beyond the cut. */
function sendError(error: unknown): string {
  if (error instanceof TargetRefusedError) return errorText("target_forbidden", error.host);
  const e = error as {
    name?: string;
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (e.name === "TimeoutError" || e.name === "AbortError") return "timeout";
  const code = e.code ?? e.cause?.code;
  if (code === "ECONNREFUSED") return "connection_refused";
  if (e.cause instanceof TargetRefusedError) return errorText("target_forbidden", e.cause.host);
  return errorText("network", code ?? e.cause?.message ?? e.message ?? String(error));
}

/**
 * The webhook deliverer: claims due deliveries (SKIP LOCKED and a lease, so any number of
 * processes may run one), POSTs each signed body, and records the outcome: 2xx succeeded;
 * anything else is tried again after 1 min, 5 min, 30 min, 2 h, 5 h and 10 h, and failed when
 * no attempt succeeded within 24 hours of the event. Redirects are never followed.
 */
export function webhookDeliverer(db: Db, options: DelivererOptions, log?: FastifyBaseLogger) {
  const id = options.id ?? `webhooks-${randomUUID()}`;
  const repo = webhookRepo(db);
  const now = options.now ?? (() => new Date());
  const send =
    options.fetch ?? pinnedFetch({ allowPrivate: options.allowPrivateTargets, resolve: options.resolve });
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;

  /** User-Agent "<brand>-Webhooks/1": the brand reduced to the characters a product token allows. */
  const userAgent = (brand: string) => {
    const token = brand.replace(/[^A-Za-z0-9!#$%&'*+.^_`|~-]/g, "");
    return token ? `${token}-Webhooks/1` : "Webhooks/1";
  };

  async function attempt(claim: ClaimedDelivery): Promise<Outcome> {
    if (!claim.enabled)
      return { ...unsent, status: "failed", responseStatus: null, error: "endpoint_disabled" };
    // Its creator lost the rights the event's data needs after it was queued: never sent to them.
    if (!claim.creator_may_send)
      return { ...unsent, status: "failed", responseStatus: null, error: "creator_lacks_rights" };
    // Again at every attempt: the name may point elsewhere now than when the endpoint was made.
    const bad = await forbiddenTarget(claim.url, {
      allowPrivate: options.allowPrivateTargets,
      resolve: options.resolve,
    });
    if (bad)
      return {
        ...unsent,
        status: "retry",
        responseStatus: null,
        error: errorText("target_forbidden", bad.host),
      };
    const timestamp = Math.floor(now().getTime() / 1000);
    const headers = requestHeaders(claim, timestamp, userAgent(claim.brand));
    try {
      const response = await send(claim.url, {
        method: "POST",
        // Content-Length is the transport's to set (Node's fetch refuses it); it is logged all the same.
        headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "content-length")),
        body: claim.payload,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Read (at most RESPONSE_BODY_MAX_BYTES, within the timeout) so the connection is done with
      // either way; cut here too, whatever the transport handed over.
      const text = await response.text().catch(() => "");
      // (A NUL cannot be stored in a text column.)
      const start = textStart(Buffer.from(text, "utf8"), RESPONSE_BODY_MAX_BYTES).replaceAll("\u0000", "");
      const exchange = { requestHeaders: headers, responseBody: start };
      if (response.status >= 200 && response.status < 300)
        return { ...exchange, status: "succeeded", responseStatus: response.status };
      const redirect = response.status >= 300 && response.status < 400;
      return {
        ...exchange,
        status: "retry",
        responseStatus: response.status,
        error: redirect ? "redirect" : errorText("response", start),
      };
    } catch (error) {
      return {
        requestHeaders: headers,
        responseBody: null,
        status: "retry",
        responseStatus: null,
        error: sendError(error),
      };
    }
  }

  async function deliver(claim: ClaimedDelivery) {
    const outcome = await attempt(claim);
    const finishedAt = now();
    if (outcome.status === "succeeded") {
      await repo.settle(claim, { ...outcome, error: null, nextAttemptAt: null });
      return;
    }
    const next =
      outcome.status === "retry"
        ? nextAttemptAt(claim.attempts, finishedAt, new Date(claim.created_at))
        : null;
    await repo.settle(claim, {
      status: next ? "pending" : "failed",
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      nextAttemptAt: next,
      requestHeaders: outcome.requestHeaders,
      responseBody: outcome.responseBody,
    });
    if (!next)
      log?.info(
        { delivery: claim.id, attempts: claim.attempts, error: outcome.error },
        "webhook delivery failed",
      );
  }

  /** One round: claim what is due and send it. Answers how many deliveries were attempted. */
  async function runOnce(): Promise<number> {
    const claimed = await repo.claimAnyOrganisation(options.batch ?? 20, options.leaseSeconds ?? 60, now());
    let next = 0;
    const lanes = Array.from({ length: Math.min(options.concurrency ?? 8, claimed.length) }, async () => {
      while (next < claimed.length) {
        const claim = claimed[next++]!;
        try {
          await deliver(claim);
        } catch (error) {
          // The lease runs out and another round tries again.
          log?.error({ err: error, delivery: claim.id }, "webhook delivery could not be recorded");
        }
      }
    });
    await Promise.all(lanes);
    return claimed.length;
  }

  /** Deletes finished deliveries past retention. */
  async function prune(at = now()): Promise<number> {
    return repo.pruneAnyOrganisation(new Date(at.getTime() - DELIVERY_RETENTION_DAYS * DAY_MS));
  }

  const background = roundLoop({
    round: runOnce,
    tidy: () => prune(),
    tidyEveryMs: PRUNE_EVERY_MS,
    idleMs: options.idleMs,
    log,
    logContext: { deliverer: id },
    messages: {
      failed: "webhook deliverer round failed",
      tidied: "webhook deliveries past retention deleted",
    },
  });

  return {
    id,
    runOnce,
    prune,

    /** Rounds until nothing is due now (tests, `worker run --once`). */
    drain: (maxRounds = 1_000) => background.drain(maxRounds),

    start: background.start,
    /** Nudges an idle deliverer (a delivery was queued). */
    wake: background.wake,
    stop: background.stop,
  };
}

export type WebhookDeliverer = ReturnType<typeof webhookDeliverer>;

/** The deliverer as configured: the server and `worker run` both build it here. */
export function createWebhookDeliverer(
  db: Db,
  config: { WEBHOOK_ALLOW_PRIVATE_TARGETS: boolean },
  log?: FastifyBaseLogger,
): WebhookDeliverer {
  return webhookDeliverer(db, { allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS }, log);
}
