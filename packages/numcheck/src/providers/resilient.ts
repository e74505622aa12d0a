import type { LookupProvider } from "../types";
import { CircuitBreaker, type CircuitBreakerOptions } from "./circuit-breaker";
import { type RetryOptions, retry } from "./retry";
import { Semaphore } from "./semaphore";
import { withTimeout } from "./with-timeout";

export interface ResilienceOptions {
  /** Time allowed for one upstream call, queueing excluded (default 10 s). */
  timeoutMs?: number;
  /** Upstream calls in flight at once, HLR and MNP together (default 10). */
  concurrency?: number;
  retry?: Omit<RetryOptions, "signal">;
  breaker?: CircuitBreakerOptions;
}

export interface ResilientProvider extends LookupProvider {
  readonly breaker: CircuitBreaker;
  readonly semaphore: Semaphore;
}

/**
 * Wraps a provider so each call: is refused at once while the circuit is open, waits for a slot
 * (bounded concurrency), gets a per-attempt timeout, and is retried with backoff on retryable
 * failures (no slot is held while waiting between attempts). One breaker and one semaphore
 * are shared by every kind of look-up, since all go to the same upstream.
 */
export function resilient(provider: LookupProvider, options: ResilienceOptions = {}): ResilientProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const semaphore = new Semaphore(options.concurrency ?? 10);
  const breaker = new CircuitBreaker(options.breaker);

  function call<T>(lookup: (signal: AbortSignal) => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    return retry(
      () => breaker.run(() => semaphore.run(() => withTimeout(lookup, timeoutMs, signal), signal)),
      { ...options.retry, signal },
    );
  }

  return {
    name: provider.name,
    sandbox: provider.sandbox,
    answers: provider.answers,
    breaker,
    semaphore,
    lookup(kind, e164, callOptions) {
      return call((signal) => provider.lookup(kind, e164, { signal }), callOptions?.signal);
    },
  };
}
