/** Backoff when an answer gives no Retry-After: full jitter up to min(maxMs, baseMs × 2^attempt). */
export interface RetryDelay {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_DELAY: RetryDelay = { baseMs: 500, maxMs: 20_000 };

/** The code of 409 "the same Idempotency-Key is still running; retry later". */
const IDEMPOTENCY_IN_PROGRESS = 40907;

/** Answers worth sending again: rate limited, a server fault, or the same key still running. */
export function isRetryableAnswer(status: number, code: number | null): boolean {
  return status === 429 || status >= 500 || (status === 409 && code === IDEMPOTENCY_IN_PROGRESS);
}

/**
 * Whether a request may be sent again at all: a POST only with its Idempotency-Key (the server
 * then replays instead of acting twice), and only a body that can be produced again.
 */
export function mayResend(request: {
  method: string;
  idempotencyKey?: string;
  replayable: boolean;
}): boolean {
  if (!request.replayable) return false;
  return request.method !== "POST" || Boolean(request.idempotencyKey);
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (value == null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month; anything else (a negative number) is not one.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** Capped exponential backoff with full jitter, for attempt 0, 1, 2… */
export function backoffDelay(attempt: number, delay: RetryDelay, random: () => number = Math.random): number {
  const ceiling = Math.min(delay.maxMs, delay.baseMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** The wait before the next attempt: what the server asked for, else the backoff. */
export function nextDelay(
  attempt: number,
  retryAfterMs: number | null,
  delay: RetryDelay,
  random: () => number = Math.random,
): number {
  return retryAfterMs ?? backoffDelay(attempt, delay, random);
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
