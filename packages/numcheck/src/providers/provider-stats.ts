/**
 * A provider's last hour of calls, kept as sixty one-minute buckets so memory is constant:
 * calls, errors (any failure), credit errors, and latencies in a fixed histogram from which
 * p50 and p99 are read (each an upper bound of its bucket), and what the provider reported the
 * answered look-ups cost, per currency (the operator console sets it against the prices charged).
 */
import type { ProviderCost } from "../types";

const MINUTE = 60_000;
const BUCKETS = 60;
/** Upper bounds of the latency slots, in ms; the last slot holds anything slower. */
export const LATENCY_BOUNDS_MS = [
  5, 10, 20, 50, 100, 150, 200, 300, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 10_000,
];

/** Slots of a latency histogram: one per bound and one for anything slower. */
export const LATENCY_SLOTS = LATENCY_BOUNDS_MS.length + 1;

/** The histogram slot of a latency. */
export function latencySlot(latencyMs: number): number {
  const slot = LATENCY_BOUNDS_MS.findIndex((bound) => latencyMs <= bound);
  return slot === -1 ? LATENCY_BOUNDS_MS.length : slot;
}

/** Reported cost of one currency: the look-ups that said, and their sum in micro-units. */
interface CostSum {
  calls: number;
  micros: number;
}

interface Minute {
  at: number;
  calls: number;
  errors: number;
  creditErrors: number;
  latency: number[];
  costs: Map<string, CostSum>;
}

/** What the answered look-ups of the last hour cost on average, as the provider reported it. */
export interface ReportedCost {
  currency: string;
  /** Look-ups whose answer carried a cost in this currency. */
  calls: number;
  /** Rounded to whole micro-units. */
  averageMicros: number;
}

export interface ProviderStatsSnapshot {
  calls: number;
  errors: number;
  /** errors ÷ calls, 0 when there were none. */
  errorRate: number;
  creditErrors: number;
  /** Upper bounds of the slots holding the median and the 99th percentile; null without calls. */
  p50Ms: number | null;
  p99Ms: number | null;
  /** Per currency; empty when the provider reports no cost. */
  costs: ReportedCost[];
}

export class ProviderStats {
  readonly #minutes: Minute[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  record(latencyMs: number, outcome: "ok" | "error" | "out_of_credit", cost?: ProviderCost | null): void {
    const minute = this.#current();
    const amount = cost ? Number(cost.amount) : Number.NaN;
    if (cost && Number.isFinite(amount) && amount >= 0) {
      const sum = minute.costs.get(cost.currency) ?? { calls: 0, micros: 0 };
      sum.calls += 1;
      sum.micros += Math.round(amount * 1_000_000);
      minute.costs.set(cost.currency, sum);
    }
    minute.calls += 1;
    if (outcome !== "ok") minute.errors += 1;
    if (outcome === "out_of_credit") minute.creditErrors += 1;
    minute.latency[latencySlot(latencyMs)]! += 1;
  }

  /** The last sixty minutes, this one included. */
  lastHour(): ProviderStatsSnapshot {
    const since = Math.floor(this.now() / MINUTE) - BUCKETS + 1;
    const latency = new Array<number>(LATENCY_SLOTS).fill(0);
    let calls = 0;
    let errors = 0;
    let creditErrors = 0;
    const costs = new Map<string, CostSum>();
    for (const minute of this.#minutes) {
      if (minute.at < since) continue;
      for (const [currency, sum] of minute.costs) {
        const total = costs.get(currency) ?? { calls: 0, micros: 0 };
        costs.set(currency, { calls: total.calls + sum.calls, micros: total.micros + sum.micros });
      }
      calls += minute.calls;
      errors += minute.errors;
      creditErrors += minute.creditErrors;
      minute.latency.forEach((n, i) => {
        latency[i]! += n;
      });
    }
    return {
      calls,
      errors,
      errorRate: calls === 0 ? 0 : errors / calls,
      creditErrors,
      p50Ms: percentile(latency, calls, 0.5),
      p99Ms: percentile(latency, calls, 0.99),
      costs: [...costs].map(([currency, sum]) => ({
        currency,
        calls: sum.calls,
        averageMicros: Math.round(sum.micros / sum.calls),
      })),
    };
  }

  #current(): Minute {
    const at = Math.floor(this.now() / MINUTE);
    const last = this.#minutes.at(-1);
    if (last?.at === at) return last;
    const minute = {
      at,
      calls: 0,
      errors: 0,
      creditErrors: 0,
      latency: new Array(LATENCY_SLOTS).fill(0),
      costs: new Map(),
    };
    this.#minutes.push(minute);
    while (this.#minutes.length > BUCKETS || (this.#minutes[0] && this.#minutes[0].at <= at - BUCKETS)) {
      this.#minutes.shift();
    }
    return minute;
  }
}

/**
 * The q-quantile (0 < q ≤ 1) of a histogram of `total` latencies: the upper bound of the slot
 * holding it (the slowest slot answers the last bound). Null without latencies.
 */
export function percentile(slots: readonly number[], total: number, q: number): number | null {
  if (total === 0) return null;
  const rank = Math.ceil(total * q);
  let seen = 0;
  for (let i = 0; i < slots.length; i++) {
    seen += slots[i]!;
    // The slowest slot has no upper bound: report the last bound as "at least".
    if (seen >= rank) return LATENCY_BOUNDS_MS[Math.min(i, LATENCY_BOUNDS_MS.length - 1)]!;
  }
  return LATENCY_BOUNDS_MS.at(-1)!;
}
