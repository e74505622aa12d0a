import { describe, expect, it } from "vitest";
import type { HlrResult } from "../../types";
import { hlrResult } from "../test-factory";
import { LIVE_WEIGHTS, liveSignals, SMS_PUMPING_HIGH_SCORE } from "./live";

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

  it("flags a high SMS pumping score, and a number the provider's fraud guard blocked, heavier", () => {
    const pumping = (score: number, blocked: boolean | null = false) =>
      withSignals({
        lineType: null,
        callForwarding: null,
        simSwap: null,
        smsPumpingRisk: { score, carrierRisk: null, blocked, blockedLast3Months: null, blockedAt: null },
      });
    expect(liveSignals(pumping(SMS_PUMPING_HIGH_SCORE), NOW)).toEqual([
      { code: "sms_pumping_risk", weight: LIVE_WEIGHTS.smsPumping },
    ]);
    expect(liveSignals(pumping(SMS_PUMPING_HIGH_SCORE - 1), NOW)).toEqual([]);
    expect(liveSignals(pumping(10, true), NOW)).toEqual([
      { code: "sms_pumping_blocked", weight: LIVE_WEIGHTS.smsPumpingBlocked },
    ]);
    // Not asked, or the provider could not tell: nothing either way.
    expect(liveSignals(withSignals({ lineType: null, callForwarding: null, simSwap: null }), NOW)).toEqual(
      [],
    );
    // A block not said is not a block: a high score alone.
    expect(liveSignals(pumping(99, null), NOW)).toEqual([
      { code: "sms_pumping_risk", weight: LIVE_WEIGHTS.smsPumping },
    ]);
  });
});
