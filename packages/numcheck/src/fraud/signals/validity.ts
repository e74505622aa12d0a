import type { BasicResult } from "../../types";
import type { Signal } from "../signal";

/** Weights: not a phone number at all 80; not in an allocated range 60; plan cannot tell 20. */
export const VALIDITY_WEIGHTS = { notANumber: 80, unallocated: 60, unverified: 20 } as const;

/** Invalid or unallocated numbers. */
export function validitySignals(basic: BasicResult): Signal[] {
  if (!basic.e164) return [{ code: "not_a_number", weight: VALIDITY_WEIGHTS.notANumber }];
  if (basic.valid === false) return [{ code: "unallocated_number", weight: VALIDITY_WEIGHTS.unallocated }];
  if (basic.valid === null) return [{ code: "unverified_number", weight: VALIDITY_WEIGHTS.unverified }];
  return [];
}
