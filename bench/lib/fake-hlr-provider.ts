import { sleep } from "@nc/numcheck/providers/sleep";
import {
  type HlrResult,
  type LookupCallOptions,
  LookupError,
  type LookupKind,
  type LookupProvider,
  type LookupResults,
  lookupBy,
  type Network,
} from "@nc/numcheck/types";

const NETWORK: Network = { name: "Bench Mobile", mcc: "234", mnc: "15", country: "GB" };

export interface FakeLatency {
  minMs: number;
  maxMs: number;
  /** A share of calls failing as a 503 would (retryable). */
  errorRate: number;
  /** A share of calls taking `tailMs` (up to 10 % more) instead. */
  tailShare?: number;
  tailMs?: number;
}

/**
 * A live HLR provider for the benchmarks (not a test double of any real one): latency drawn per
 * call, uniform in [minMs, maxMs] or the tail, a share of calls failing with a retryable upstream
 * error. It counts calls, answers, errors and calls in flight.
 */
export class FakeHlrProvider implements LookupProvider {
  readonly name = "fake";
  readonly sandbox = false;
  readonly answers = ["hlr", "mnp"] as const;
  calls = 0;
  answered = 0;
  errors = 0;
  drawnMs = 0;
  /** Every latency drawn, for the median. */
  readonly drawn: number[] = [];
  inFlight = 0;
  mostInFlight = 0;

  constructor(readonly latency: FakeLatency) {}

  lookup<K extends LookupKind>(
    kind: K,
    e164: string,
    options?: LookupCallOptions,
  ): Promise<LookupResults[K]> {
    return lookupBy(this.name, { hlr: (n, o) => this.#hlr(n, o) }, kind, e164, options);
  }

  async #hlr(e164: string, options?: LookupCallOptions): Promise<HlrResult> {
    const { minMs, maxMs, errorRate, tailShare = 0, tailMs = 0 } = this.latency;
    this.calls += 1;
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    const ms =
      Math.random() < tailShare
        ? tailMs * (1 + Math.random() * 0.1)
        : minMs + Math.random() * (maxMs - minMs);
    this.drawnMs += ms;
    this.drawn.push(ms);
    try {
      await sleep(ms, options?.signal);
      if (Math.random() < errorRate) {
        this.errors += 1;
        throw new LookupError("fake: 503 from upstream", "upstream", true);
      }
      this.answered += 1;
      return {
        e164,
        connectivity: "connected",
        error: null,
        currentNetwork: NETWORK,
        originalNetwork: NETWORK,
        roaming: { roaming: false, network: null, country: null },
        ported: false,
        source: "live",
        provider: this.name,
        obtainedAt: new Date().toISOString(),
        cost: { amount: "0.0045", currency: "EUR" },
      };
    } finally {
      this.inFlight -= 1;
    }
  }
}
