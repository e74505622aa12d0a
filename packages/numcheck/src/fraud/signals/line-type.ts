import type { BasicResult, LineType } from "../../types";
import type { FraudReasonCode } from "../reason-codes";
import type { Signal } from "../signal";

/**
 * Risky line types: premium rate and shared cost earn the callee money (revenue-share fraud); UAN
 * and VoIP numbers are cheap, easily re-routed and common for throw-away accounts; pager and
 * personal (follow-me) numbers are rare for real users, so moderately risky.
 */
export const LINE_TYPE_SIGNALS: Partial<Record<LineType, Signal>> = {
  premium_rate: { code: "premium_rate_line", weight: 50 },
  shared_cost: { code: "shared_cost_line", weight: 30 },
  voip: { code: "voip_line", weight: 25 },
  uan: { code: "uan_line", weight: 20 },
  pager: { code: "pager_line", weight: 15 },
  personal: { code: "personal_line", weight: 15 },
} satisfies Partial<Record<LineType, { code: FraudReasonCode; weight: number }>>;

export function lineTypeSignals(basic: BasicResult): Signal[] {
  const signal = Object.hasOwn(LINE_TYPE_SIGNALS, basic.lineType)
    ? LINE_TYPE_SIGNALS[basic.lineType]
    : undefined;
  return signal ? [{ ...signal }] : [];
}
