import type { BasicResult, HlrResult, MnpResult } from "../../types";
import { longestPrefixMatch } from "../prefix";
import type { Signal } from "../signal";
import { VIRTUAL_NETWORK_NAMES, VIRTUAL_PREFIXES } from "../virtual-prefixes";

/**
 * Enhanced: a disposable / virtual number — in a known virtual range (virtual_range 20), or served
 * now by an operator that mainly sells virtual numbers per the HLR/MNP (virtual_network 20). Only
 * called when HLR or MNP results were given.
 */
export const VIRTUAL_WEIGHTS = { range: 20, network: 20 } as const;

export function virtualSignals(
  basic: BasicResult,
  hlr: HlrResult | null | undefined,
  mnp: MnpResult | null | undefined,
): Signal[] {
  const out: Signal[] = [];
  if (basic.e164 && longestPrefixMatch(basic.e164, VIRTUAL_PREFIXES)) {
    out.push({ code: "virtual_range", weight: VIRTUAL_WEIGHTS.range });
  }
  const names = [hlr?.currentNetwork?.name, mnp?.currentNetwork?.name]
    .filter((n): n is string => typeof n === "string")
    .map((n) => n.toLowerCase());
  if (names.some((name) => VIRTUAL_NETWORK_NAMES.some((v) => name.includes(v)))) {
    out.push({ code: "virtual_network", weight: VIRTUAL_WEIGHTS.network });
  }
  return out;
}
