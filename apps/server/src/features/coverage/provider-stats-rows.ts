import { LATENCY_SLOTS, latencySlot, percentile } from "@nc/numcheck/providers/provider-stats";
import type { RouterCall } from "@nc/numcheck/providers/router";
import { HOUR_MS } from "../../core/time";

/** One provider's figures for one country, look-up kind and UTC hour (a provider_country_stats row). */
export interface ProviderStatsRow {
  /** Start of the UTC hour, in ms. */
  hour: number;
  provider: string;
  /** ISO-2 of the numbers, "" when the caller did not know it. */
  country: string;
  kind: string;
  attempts: number;
  answered: number;
  /** Calls per latency slot (numcheck's provider-stats slots). */
  latencyHist: number[];
}

/** Summed figures of several rows: look-ups, answered ones and their latency histogram. */
export interface Figures {
  attempts: number;
  answered: number;
  latencyHist: number[];
}

export const rowKey = (r: Pick<ProviderStatsRow, "hour" | "provider" | "country" | "kind">) =>
  `${r.hour}|${r.provider}|${r.country}|${r.kind}`;

export const emptyFigures = (): Figures => ({
  attempts: 0,
  answered: 0,
  latencyHist: new Array<number>(LATENCY_SLOTS).fill(0),
});

/** Adds `more` into `into` (slot by slot for the histogram). */
export function addFigures(into: Figures, more: Figures): Figures {
  into.attempts += more.attempts;
  into.answered += more.answered;
  more.latencyHist.forEach((n, i) => {
    into.latencyHist[i] = (into.latencyHist[i] ?? 0) + n;
  });
  return into;
}

/** Counts one provider call into its hour's row of `rows` (created at its first call). */
export function countCall(rows: Map<string, ProviderStatsRow>, call: RouterCall, at: number): void {
  const identity = {
    hour: Math.floor(at / HOUR_MS) * HOUR_MS,
    provider: call.provider,
    country: call.country ?? "",
    kind: call.kind,
  };
  const key = rowKey(identity);
  let row = rows.get(key);
  if (!row) {
    row = { ...identity, ...emptyFigures() };
    rows.set(key, row);
  }
  row.attempts += 1;
  if (call.answered) row.answered += 1;
  row.latencyHist[latencySlot(call.latencyMs)]! += 1;
}

/** The median latency of summed figures: the upper bound of the slot holding it; null without calls. */
export function medianLatencyMs(figures: Figures): number | null {
  const total = figures.latencyHist.reduce((sum, n) => sum + n, 0);
  return percentile(figures.latencyHist, total, 0.5);
}
