import type { FraudResult, RiskLevel } from "../types";

/**
 * Score bands (score is 0-100):
 *   very_low  0-19 · low 20-39 · medium 40-59 · high 60-79 · very_high 80-100.
 * Recommendation: allow below 40, flag 40-69, block from 70 (before the tenant's list overrides).
 */
export const LEVEL_BANDS: readonly { below: number; level: RiskLevel }[] = [
  { below: 20, level: "very_low" },
  { below: 40, level: "low" },
  { below: 60, level: "medium" },
  { below: 80, level: "high" },
];

export const FLAG_FROM = 40;
export const BLOCK_FROM = 70;
export const MAX_SCORE = 100;

export function levelFor(score: number): RiskLevel {
  for (const band of LEVEL_BANDS) if (score < band.below) return band.level;
  return "very_high";
}

export function recommendationFor(score: number): FraudResult["recommendation"] {
  if (score >= BLOCK_FROM) return "block";
  if (score >= FLAG_FROM) return "flag";
  return "allow";
}
