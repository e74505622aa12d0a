import { LookupError } from "../types";
import { sleep } from "./sleep";

export interface RetryOptions {
  /** Attempts after the first one (default 2, so at most 3 calls). */
  retries?: number;
  /** Delay before the first retry; doubled for each further one (default 200 ms). */
  baseDelayMs?: number;
  /** Upper bound of any single delay, including a server's Retry-After (default 5 s). */
  maxDelayMs?: number;
  /** Which failures are worth another attempt (default: retryableError). */
  isRetryable?: (error: unknown) => boolean;
  /** Random source in [0, 1) for the jitter (tests pass a fixed one). */
  random?: () => number;
  signal?: AbortSignal;
  /** Called before each wait, e.g. for logging or metrics. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/**
 * Default retry policy: LookupErrors that say retrying may help (timeouts, 429, 5xx, network
 * failures), but never an open circuit (that one should fail fast) and never other errors (bugs).
 */
export function retryableError(error: unknown): boolean {
  return error instanceof LookupError && error.retryable && error.kind !== "circuit_open";
}

/**
 * Exponential backoff with "equal jitter": the n-th retry waits between half and all of
 * base * 2^(n-1), capped at maxDelayMs. A server hint (an error's retryAfterMs) is honoured up to the cap.
 */
export function backoffDelay(
  retry: number,
  options: { baseDelayMs: number; maxDelayMs: number; random: () => number },
  error?: unknown,
): number {
  const hint = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  if (typeof hint === "number" && hint >= 0) return Math.min(hint, options.maxDelayMs);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * options.random());
}

/** Calls `fn` until it succeeds, fails for good, or the retries are used up (then the last error). */
export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? 2;
  const isRetryable = options.isRetryable ?? retryableError;
  const delays = {
    baseDelayMs: options.baseDelayMs ?? 200,
    maxDelayMs: options.maxDelayMs ?? 5000,
    random: options.random ?? Math.random,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt > retries || !isRetryable(error) || options.signal?.aborted) throw error;
      const delayMs = backoffDelay(attempt, delays, error);
      options.onRetry?.({ attempt, delayMs, error });
      await sleep(delayMs, options.signal);
    }
  }
}
