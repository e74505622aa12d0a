import type { HlrResult } from "../../types";
import type { Signal } from "../signal";

/**
 * Enhanced, from the extra signals some providers give (Twilio's SIM swap and call forwarding,
 * docs/providers.md):
 * - the SIM was changed recently (within SIM_SWAP_RECENT_HOURS, or the provider says "swapped" in
 *   the period it checked): sim_swap_recent 45 — the usual first step of an account takeover;
 * - calls are forwarded unconditionally: call_forwarding 15 (codes sent by voice go elsewhere);
 * - Twilio scores the number's SMS pumping risk at SMS_PUMPING_HIGH_SCORE or more: sms_pumping_risk
 *   30 (messages to it may be inflated traffic that earns someone money), or its fraud guard has
 *   blocked the number in the last three months: sms_pumping_blocked 40. A score below, or no
 *   score, adds nothing: "cannot tell" is not "safe" nor "risky".
 */
export const LIVE_WEIGHTS = { simSwap: 45, forwarding: 15, smsPumping: 30, smsPumpingBlocked: 40 } as const;
export const SMS_PUMPING_HIGH_SCORE = 75;
export const SIM_SWAP_RECENT_HOURS = 7 * 24;

export function liveSignals(hlr: HlrResult | null | undefined, now: Date): Signal[] {
  const signals = hlr?.signals;
  if (!signals) return [];
  const out: Signal[] = [];
  const swap = signals.simSwap;
  if (swap && swapIsRecent(swap, now)) out.push({ code: "sim_swap_recent", weight: LIVE_WEIGHTS.simSwap });
  if (signals.callForwarding === true) out.push({ code: "call_forwarding", weight: LIVE_WEIGHTS.forwarding });
  const pumping = signals.smsPumpingRisk;
  if (pumping && (pumping.blocked === true || pumping.blockedLast3Months === true))
    out.push({ code: "sms_pumping_blocked", weight: LIVE_WEIGHTS.smsPumpingBlocked });
  else if (pumping && pumping.score >= SMS_PUMPING_HIGH_SCORE)
    out.push({ code: "sms_pumping_risk", weight: LIVE_WEIGHTS.smsPumping });
  return out;
}

function swapIsRecent(swap: NonNullable<NonNullable<HlrResult["signals"]>["simSwap"]>, now: Date): boolean {
  if (swap.lastSwapAt) {
    const hours = (now.getTime() - Date.parse(swap.lastSwapAt)) / 3_600_000;
    if (Number.isFinite(hours)) return hours <= SIM_SWAP_RECENT_HOURS;
  }
  // No date: the provider's own window decides, when it is no longer than ours.
  return swap.swapped === true && (swap.withinHours === null || swap.withinHours <= SIM_SWAP_RECENT_HOURS);
}
