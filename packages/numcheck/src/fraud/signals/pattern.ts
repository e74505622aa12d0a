import type { BasicResult } from "../../types";
import { nationalDigits } from "../prefix";
import type { Signal } from "../signal";

/**
 * Patterned numbers, looked for in the national significant number (after the country code):
 * - a run of REPEAT_RUN or more of one digit ("777777"): 20;
 * - an ascending or descending sequence of SEQUENCE_RUN or more digits ("345678", "987654"): 15;
 * - a block of 2-4 digits repeated back to back covering BLOCK_SPAN or more digits, not a single-digit
 *   run ("121212", "123123", "45674567"): 15.
 * These lengths keep chance hits in random 10-digit numbers well under 1 %.
 */
export const PATTERN = { REPEAT_RUN: 6, SEQUENCE_RUN: 6, BLOCK_SPAN: 6 } as const;
export const PATTERN_WEIGHTS = { repeated: 20, sequential: 15, block: 15 } as const;

export function longestRun(digits: string): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < digits.length; i++) {
    run = i > 0 && digits[i] === digits[i - 1] ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

/** Longest run where each digit is one more (or each one less) than the one before. */
export function longestSequence(digits: string): number {
  let best = Math.min(digits.length, 1);
  for (const step of [1, -1]) {
    let run = 1;
    for (let i = 1; i < digits.length; i++) {
      run = Number(digits[i]) - Number(digits[i - 1]) === step ? run + 1 : 1;
      best = Math.max(best, run);
    }
  }
  return best;
}

/** Whether a 2-4 digit block (not all one digit) repeats back to back over at least `span` digits. */
export function hasRepeatedBlock(digits: string, span: number = PATTERN.BLOCK_SPAN): boolean {
  for (let size = 2; size <= 4; size++) {
    for (let start = 0; start + size <= digits.length; start++) {
      const block = digits.slice(start, start + size);
      if (/^(\d)\1*$/.test(block)) continue;
      let end = start + size;
      while (digits.slice(end, end + size) === block) end += size;
      if (end - start >= span && end - start >= 2 * size) return true;
    }
  }
  return false;
}

export function patternSignals(basic: BasicResult): Signal[] {
  if (!basic.e164) return [];
  const digits = nationalDigits(basic.e164, basic.country?.dialCode);
  const out: Signal[] = [];
  if (longestRun(digits) >= PATTERN.REPEAT_RUN)
    out.push({ code: "repeated_digits", weight: PATTERN_WEIGHTS.repeated });
  if (longestSequence(digits) >= PATTERN.SEQUENCE_RUN) {
    out.push({ code: "sequential_digits", weight: PATTERN_WEIGHTS.sequential });
  }
  if (hasRepeatedBlock(digits)) out.push({ code: "repeated_block", weight: PATTERN_WEIGHTS.block });
  return out;
}
