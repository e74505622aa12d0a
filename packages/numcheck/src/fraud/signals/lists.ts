import type { BasicResult } from "../../types";
import { matchesAny, type PrefixSet } from "../prefix";
import type { Signal } from "../signal";

/**
 * The tenant's own lists: entries are E.164 numbers or prefixes ("+4477009", "0044…", spaces and
 * dashes allowed; malformed entries are ignored). The allow list wins over everything, the block
 * list included: the result is "allow" (score kept, allow_listed reason added with weight 0). A block
 * list hit adds block_listed with weight 100, so the score is 100 and the result "block".
 */
export const BLOCK_LIST_WEIGHT = 100;

export type ListOverride = "allow" | "block" | null;

export function listCheck(
  basic: BasicResult,
  blockList?: readonly string[] | PrefixSet | null,
  allowList?: readonly string[] | PrefixSet | null,
): { override: ListOverride; signals: Signal[] } {
  const e164 = basic.e164;
  if (!e164) return { override: null, signals: [] };
  if (matchesAny(e164, allowList ?? undefined)) {
    return { override: "allow", signals: [{ code: "allow_listed", weight: 0 }] };
  }
  if (matchesAny(e164, blockList ?? undefined)) {
    return { override: "block", signals: [{ code: "block_listed", weight: BLOCK_LIST_WEIGHT }] };
  }
  return { override: null, signals: [] };
}
