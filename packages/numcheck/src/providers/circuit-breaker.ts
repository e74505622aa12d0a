import { LookupError, UnreadableAnswerError } from "../types";

export type CircuitState = "closed" | "open" | "half_open";

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit (default 5). */
  failureThreshold?: number;
  /** How long the circuit stays open before one trial call is let through (default 30 s). */
  cooldownMs?: number;
  /**
   * Which errors count against the upstream (default: anything but a non-retryable LookupError —
   * a rejected number is an answer, so it proves the upstream healthy — nor a caller's abort; an
   * answer that cannot be read counts, though it is not retried).
   */
  isFailure?: (error: unknown) => boolean;
  now?: () => number;
  onStateChange?: (state: CircuitState) => void;
}

function defaultIsFailure(error: unknown): boolean {
  // The caller giving up (an AbortError) says nothing about the upstream.
  if (error instanceof Error && error.name === "AbortError") return false;
  // An answer that cannot be read is not worth asking again, but it is the upstream's failure.
  if (error instanceof UnreadableAnswerError) return true;
  return !(error instanceof LookupError) || error.retryable;
}

/**
 * closed → open after N consecutive failures → half-open once the cool-down has passed (a single
 * trial call; the others are still refused) → closed when the trial succeeds, open again when it fails.
 * An open circuit refuses at once with LookupError "circuit_open".
 */
export class CircuitBreaker {
  #state: CircuitState = "closed";
  #failures = 0;
  #openedAt = 0;
  #trialInFlight = false;
  readonly #threshold: number;
  readonly #cooldownMs: number;
  readonly #isFailure: (error: unknown) => boolean;
  readonly #now: () => number;
  readonly #onStateChange?: (state: CircuitState) => void;

  constructor(options: CircuitBreakerOptions = {}) {
    this.#threshold = options.failureThreshold ?? 5;
    this.#cooldownMs = options.cooldownMs ?? 30_000;
    this.#isFailure = options.isFailure ?? defaultIsFailure;
    this.#now = options.now ?? Date.now;
    this.#onStateChange = options.onStateChange;
  }

  /** The current state ("open" turns into "half_open" here once the cool-down is over). */
  get state(): CircuitState {
    if (this.#state === "open" && this.#now() - this.#openedAt >= this.#cooldownMs) this.#set("half_open");
    return this.#state;
  }

  get consecutiveFailures(): number {
    return this.#failures;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const state = this.state;
    if (state === "open" || (state === "half_open" && this.#trialInFlight)) {
      const retryInMs = Math.max(0, this.#cooldownMs - (this.#now() - this.#openedAt));
      throw new LookupError(
        `circuit open: upstream failing, next try in ${retryInMs} ms`,
        "circuit_open",
        true,
        retryInMs,
      );
    }
    const trial = state === "half_open";
    if (trial) this.#trialInFlight = true;
    try {
      const value = await fn();
      this.#succeeded();
      return value;
    } catch (error) {
      if (this.#isFailure(error)) this.#failed(trial);
      else this.#succeeded();
      throw error;
    } finally {
      if (trial) this.#trialInFlight = false;
    }
  }

  #succeeded(): void {
    this.#failures = 0;
    if (this.#state !== "closed") this.#set("closed");
  }

  #failed(trial: boolean): void {
    this.#failures++;
    if (trial || (this.#state === "closed" && this.#failures >= this.#threshold)) {
      this.#openedAt = this.#now();
      this.#set("open");
    }
  }

  #set(state: CircuitState): void {
    this.#state = state;
    this.#onStateChange?.(state);
  }
}
