import type { BasicResult } from "../../types";
import { IRSF_PREFIXES } from "../irsf-prefixes";
import { longestPrefixMatch } from "../prefix";
import type { Signal } from "../signal";

export const IRSF_WEIGHT = 45;

/** The number is in a high-risk destination for international revenue-share fraud. */
export function irsfSignals(basic: BasicResult): Signal[] {
  if (!basic.e164) return [];
  return longestPrefixMatch(basic.e164, IRSF_PREFIXES)
    ? [{ code: "irsf_destination", weight: IRSF_WEIGHT }]
    : [];
}
