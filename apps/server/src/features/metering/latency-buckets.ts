/**
 * Upper bounds (ms, inclusive) of the latency histogram kept per usage rollup row; the last
 * bucket takes everything slower. Percentiles are read off the merged histogram (upper bound of
 * the bucket the rank falls into), so they are exact to within one bucket.
 */
export const LATENCY_BOUNDS_MS = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1_000, 2_000, 5_000, 10_000,
] as const;

/** Number of histogram slots: one per bound plus the overflow slot. */
export const LATENCY_SLOTS = LATENCY_BOUNDS_MS.length + 1;

export function latencySlot(ms: number): number {
  for (let i = 0; i < LATENCY_BOUNDS_MS.length; i++) if (ms <= LATENCY_BOUNDS_MS[i]!) return i;
  return LATENCY_BOUNDS_MS.length;
}

/**
 * The p-th percentile (0 < p ≤ 100) of a histogram, as the upper bound of its bucket; the
 * overflow bucket answers the last bound. Null when the histogram is empty.
 */
export function percentile(hist: readonly number[], p: number): number | null {
  const total = hist.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i]!;
    if (seen >= rank) return LATENCY_BOUNDS_MS[Math.min(i, LATENCY_BOUNDS_MS.length - 1)]!;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
}
