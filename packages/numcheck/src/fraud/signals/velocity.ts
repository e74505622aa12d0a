import type { Signal } from "../signal";

/**
 * Velocity: how many times the caller says this number was already checked in the same tenant in
 * the last 24 hours (not counting this check). A real customer's number is checked once or twice;
 * many checks suggest enumeration, SMS pumping or a scripted sign-up attack.
 *   5-19 → velocity_elevated 15 · 20-99 → velocity_high 30 · 100+ → velocity_extreme 50.
 * Missing, negative or non-finite counts give no signal.
 */
export const VELOCITY_THRESHOLDS = [
  { from: 100, signal: { code: "velocity_extreme", weight: 50 } },
  { from: 20, signal: { code: "velocity_high", weight: 30 } },
  { from: 5, signal: { code: "velocity_elevated", weight: 15 } },
] as const satisfies readonly { from: number; signal: Signal }[];

export function velocitySignals(velocity24h: number | undefined | null): Signal[] {
  if (typeof velocity24h !== "number" || !Number.isFinite(velocity24h)) return [];
  const hit = VELOCITY_THRESHOLDS.find((t) => velocity24h >= t.from);
  return hit ? [{ ...hit.signal }] : [];
}
