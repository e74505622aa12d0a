import type { BasicResult, HlrResult } from "../../types";
import type { Signal } from "../signal";

/**
 * Enhanced, from a live HLR answer:
 * - the network says the number does not exist (invalid_msisdn): hlr_invalid_number 60;
 * - the subscriber is absent (phone off or out of coverage for long): subscriber_absent 20;
 * - roaming outside the number's home country: roaming_abroad 15 (roaming inside the home country,
 *   known from the HLR's roaming country, is ignored).
 */
export const NETWORK_WEIGHTS = { invalid: 60, absent: 20, roaming: 15 } as const;

export function networkSignals(basic: BasicResult, hlr: HlrResult | null | undefined): Signal[] {
  if (!hlr) return [];
  const out: Signal[] = [];
  if (hlr.connectivity === "invalid_msisdn")
    out.push({ code: "hlr_invalid_number", weight: NETWORK_WEIGHTS.invalid });
  if (hlr.connectivity === "absent") out.push({ code: "subscriber_absent", weight: NETWORK_WEIGHTS.absent });
  if (hlr.roaming?.roaming === true) {
    const home = basic.country?.iso2?.toUpperCase();
    const visited = (hlr.roaming.country ?? hlr.roaming.network?.country)?.toUpperCase();
    if (!(home && visited && home === visited)) {
      out.push({ code: "roaming_abroad", weight: NETWORK_WEIGHTS.roaming });
    }
  }
  return out;
}
