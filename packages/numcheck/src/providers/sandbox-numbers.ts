/**
 * The sandbox's documented test numbers (see packages/numcheck/SANDBOX.md). They sit in ranges
 * reserved for fiction, so they never reach a real subscriber: UK Ofcom drama range 07700 900xxx,
 * North American 555-01xx (any area code), French ARCEP fiction range 06 39 98 xx xx. Inside these
 * ranges the last digit picks the outcome.
 */
export type SandboxOutcome =
  | "connected"
  | "absent"
  | "invalid"
  | "undetermined"
  | "roaming"
  | "ported"
  | "upstream_error"
  | "timeout"
  | "assumed_not_ported"
  | "assumed_ported";

/** Outcome by the last digit of a test number. */
export const OUTCOME_BY_LAST_DIGIT: readonly SandboxOutcome[] = [
  "connected",
  "absent",
  "invalid",
  "undetermined",
  "roaming",
  "ported",
  "upstream_error",
  "timeout",
  "assumed_not_ported",
  "assumed_ported",
];

export const TEST_RANGES: readonly { country: string; pattern: RegExp; example: string }[] = [
  { country: "GB", pattern: /^\+447700900\d{3}$/, example: "+447700900000" },
  { country: "US", pattern: /^\+1[2-9]\d{2}55501\d{2}$/, example: "+12025550100" },
  { country: "FR", pattern: /^\+3363998\d{4}$/, example: "+33639980000" },
];

/** The outcome a test number is documented to produce, or null for any other number. */
export function testOutcome(e164: string): SandboxOutcome | null {
  if (!TEST_RANGES.some((range) => range.pattern.test(e164))) return null;
  return OUTCOME_BY_LAST_DIGIT[Number(e164.at(-1))] ?? null;
}
