// What other features may use of job (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { type ResultDownload, useDownloadResults } from "./api/download-results";
export type { HistoryFilters } from "./api/history";
export { OPEN_JOB_STATUSES } from "./api/job";
export { useCancelJob } from "./api/job-actions";
export type { JobScope } from "./api/job-scope";
export { jobKeys } from "./api/keys";
export { useRecentJobs } from "./api/recent-jobs";
export { splitList } from "./components/list-entry";
export { RetryFailedButton } from "./components/retry-failed-button";
