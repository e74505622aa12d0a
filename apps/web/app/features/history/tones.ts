import type { Facet } from "./facet-labels";

/** What a value means for the reader; bars and tags take their colour from it. */
export type Tone = "success" | "warning" | "error" | "info" | "neutral";

const OUTCOME_TONES: Record<string, Tone> = {
  valid: "success",
  connected: "success",
  allow: "success",
  not_ported: "success",
  assumed_not_ported: "success",
  invalid: "error",
  invalid_msisdn: "error",
  block: "error",
  absent: "warning",
  flag: "warning",
  ported: "info",
  assumed_ported: "info",
};
const RISK_TONES: Record<string, Tone> = {
  very_low: "success",
  low: "success",
  medium: "warning",
  high: "error",
  very_high: "error",
};
const ITEM_STATUS_TONES: Record<string, Tone> = {
  done: "success",
  queued: "info",
  rejected: "warning",
  failed: "error",
};

/** The tone of one facet value; facets without good or bad values (country, carrier) are neutral. */
export function facetTone(facet: Facet, value: string | null): Tone {
  if (value === null) return "neutral";
  switch (facet) {
    case "status":
      return ITEM_STATUS_TONES[value] ?? "neutral";
    case "outcome":
      return OUTCOME_TONES[value] ?? "neutral";
    case "risk":
      return RISK_TONES[value] ?? "neutral";
    case "rejectReason":
      return "warning";
    default:
      return "info";
  }
}

/** antd Tag colours of the tones (preset names follow the theme, dark mode included). */
export const TAG_COLOURS: Record<Tone, string> = {
  success: "success",
  warning: "warning",
  error: "error",
  info: "processing",
  neutral: "default",
};

/** A job's status (not an item's): queued, running, completed, failed, cancelled. */
export const JOB_STATUS_TAG_COLOURS: Record<string, string> = {
  draft: "default",
  queued: "blue",
  running: "processing",
  completed: "success",
  failed: "error",
  cancelled: "warning",
};
