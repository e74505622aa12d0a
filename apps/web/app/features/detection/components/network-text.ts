import type { NetworkView } from "@nc/contracts/detection-single";

/** A network as one line: name · MCC-MNC · country, or a dash when nothing is known of it. */
export function networkText(n: NetworkView | null | undefined, dash = "—"): string {
  return n
    ? [n.name, n.mcc && n.mnc ? `${n.mcc}-${n.mnc}` : null, n.country].filter(Boolean).join(" · ") || dash
    : dash;
}
