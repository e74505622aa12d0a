import { describe, expect, it } from "vitest";
import type { HlrResult } from "../../types";
import { hlrResult } from "../test-factory";
import { LIVE_WEIGHTS, liveSignals } from "./live";

const NOW = new Date("2026-11-26T12:00:00Z");
const withSignals = (signals: HlrResult["signals"]) => hlrResult({ signals });
const noSwap = { swapped: false, lastSwapAt: null, withinHours: null };

describe("liveSignals", () => {
  it("flags a SIM swapped in the last week, by its date", () => {
    const swappedAt = (iso: string) =>
      withSignals({
        lineType: "mobile",
        callForwarding: false,
        simSwap: { swapped: true, lastSwapAt: iso, withinHours: null },
      });
    expect(liveSignals(swappedAt("2026-11-25T12:00:00Z"), NOW)).toEqual([
      { code: "sim_swap_recent", weight: LIVE_WEIGHTS.simSwap },
    ]);
    expect(liveSignals(swappedAt("2026-10-01T12:00:00Z"), NOW)).toEqual([]);
  });

  it("without a date, trusts the provider's window only when it is no longer than a week", () => {
    const inWindow = (withinHours: number | null) =>
      withSignals({
        lineType: null,
        callForwarding: null,
        simSwap: { swapped: true, lastSwapAt: null, withinHours },
      });
    expect(liveSignals(inWindow(24), NOW)).toHaveLength(1);
    expect(liveSignals(inWindow(null), NOW)).toHaveLength(1);
    expect(liveSignals(inWindow(24 * 30), NOW)).toEqual([]);
  });

  it("flags unconditional call forwarding; nothing without signals", () => {
    expect(liveSignals(withSignals({ lineType: null, callForwarding: true, simSwap: noSwap }), NOW)).toEqual([
      { code: "call_forwarding", weight: LIVE_WEIGHTS.forwarding },
    ]);
    expect(liveSignals(withSignals({ lineType: null, callForwarding: false, simSwap: noSwap }), NOW)).toEqual(
      [],
    );
    expect(liveSignals(hlrResult({}), NOW)).toEqual([]);
    expect(liveSignals(null, NOW)).toEqual([]);
  });
});
