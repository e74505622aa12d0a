import type { BasicResult, FraudResult, HlrResult, MnpResult } from "../types";
import { levelFor, MAX_SCORE, recommendationFor } from "./levels";
import type { PrefixSet } from "./prefix";
import type { Signal } from "./signal";
import { irsfSignals } from "./signals/irsf";
import { lineTypeSignals } from "./signals/line-type";
import { listCheck } from "./signals/lists";
import { liveSignals } from "./signals/live";
import { networkSignals } from "./signals/network";
import { patternSignals } from "./signals/pattern";
import { portedSignals } from "./signals/ported";
import { validitySignals } from "./signals/validity";
import { velocitySignals } from "./signals/velocity";
import { virtualSignals } from "./signals/virtual";

export interface FraudInput {
  basic: BasicResult;
  hlr?: HlrResult | null;
  mnp?: MnpResult | null;
  /** Checks of this number in the tenant in the last 24 h, not counting this one. */
  velocity24h?: number;
  /** E.164 numbers or prefixes (a PrefixSet for long lists). */
  blockList?: string[] | PrefixSet;
  /** E.164 numbers or prefixes; an allow-list hit makes the recommendation "allow" whatever else. */
  allowList?: string[] | PrefixSet;
}

/**
 * The fraud score: the sum of the signal weights, capped at 0..100, its level (see levels.ts) and a
 * recommendation (allow < 40, flag 40-69, block >= 70), with the tenant's lists overriding.
 * Enhanced signals (HLR/MNP) only apply, and `enhanced` is only true, when one of them is given.
 */
export function fraudScore(input: FraudInput, now: Date = new Date()): FraudResult {
  const { basic } = input;
  const hlr = input.hlr ?? null;
  const mnp = input.mnp ?? null;
  const enhanced = hlr !== null || mnp !== null;
  const lists = listCheck(basic, input.blockList, input.allowList);

  const signals: Signal[] = [
    ...validitySignals(basic),
    ...lineTypeSignals(basic),
    ...irsfSignals(basic),
    ...patternSignals(basic),
    ...velocitySignals(input.velocity24h),
    ...lists.signals,
    ...(enhanced
      ? [
          ...networkSignals(basic, hlr),
          ...liveSignals(hlr, now),
          ...portedSignals(hlr, mnp),
          ...virtualSignals(basic, hlr, mnp),
        ]
      : []),
  ];

  const total = signals.reduce((sum, s) => sum + s.weight, 0);
  const score = Math.max(0, Math.min(MAX_SCORE, Math.round(total)));
  const recommendation =
    lists.override === "allow" ? "allow" : lists.override === "block" ? "block" : recommendationFor(score);

  return {
    e164: basic.e164 ?? null,
    score,
    level: levelFor(score),
    recommendation,
    // Stable sort: equal weights keep the signal order above.
    reasons: signals.map((s) => ({ code: s.code, weight: s.weight })).sort((a, b) => b.weight - a.weight),
    enhanced,
    checkedAt: now.toISOString(),
  };
}
