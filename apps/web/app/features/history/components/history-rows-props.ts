import type { DetectionJobView } from "@nc/contracts/detection-single";
import type { ReactNode } from "react";

/** What the history's table (wide screens) and cards (phones) show: the same rows either way. */
export interface HistoryRowsProps {
  rows: DetectionJobView[];
  loading: boolean;
  empty: ReactNode;
  /** The partner view: rows of every customer, named. */
  partner?: boolean;
}
