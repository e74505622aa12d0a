// What other features may use of history (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { JobStatusTag } from "./components/job-status-tag";
export { jobWhat } from "./components/job-what";
export { jobHref } from "./job-href";
export type { Tone } from "./tones";
