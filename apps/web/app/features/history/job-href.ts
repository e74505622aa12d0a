import type { DetectionJobView } from "@nc/contracts/detection-single";

/**
 * Where a history row leads: its result view, read as a customer's job (scope=partner) when the
 * list is the partner view.
 */
export function jobHref(to: (path: string) => string, row: DetectionJobView, partner: boolean): string {
  return to(`/dashboard/history/${encodeURIComponent(row.id)}${partner ? "?scope=partner" : ""}`);
}

/** The organisation a row belongs to, shown only in the partner view. */
export const ownerSuffix = (row: DetectionJobView, partner: boolean) =>
  partner ? ` · ${row.tenant.name}` : "";
