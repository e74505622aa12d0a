/**
 * The public face of the job feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { resultRows } from "./job-export";
export { acceptFileBodies, isStreamBody, readUploadedBody, sendJobFile } from "./job-http";
export type { JobRow } from "./job-repo";
export { jobRepo } from "./job-repo";
export { progress } from "./job-service";
export { LIST_ROUTE_MAX_ROWS } from "./routes";
export type { JobRuntime } from "./runtime";
export { uploadJob, uploadLimits } from "./upload-job";
