/**
 * @numcheck/sdk: the client of the public API (/api/v1). Uses only fetch, WebCrypto and
 * ReadableStream, so it runs in browsers and Node.js 18+; reading a file by its path is in
 * `@numcheck/sdk/node`.
 */
export { Numcheck, type NumcheckOptions } from "./client.js";
export type { DownloadedFile } from "./download.js";
export { type FieldError, NumcheckError, type NumcheckErrorKind, WebhookSignatureError } from "./errors.js";
export type { components, operations, paths } from "./generated/openapi.js";
export type { RequestOptions } from "./http.js";
export { type Page, paginate } from "./pagination.js";
export type { UploadParams, WaitOptions } from "./resources/jobs.js";
export type { RetryDelay } from "./retry.js";
export type {
  ApiRequest,
  Balance,
  BatchAnswer,
  BatchItem,
  BatchParams,
  CheckAnswer,
  CheckParams,
  CheckResult,
  Coverage,
  CoverageParams,
  CreateJobParams,
  DownloadParams,
  Job,
  JobResultItem,
  JobResultsParams,
  ListJobsParams,
  ListRequestsParams,
  Receipt,
  Receipts,
  ServiceCode,
  StatementMonths,
  Usage,
  UsageParams,
} from "./types.js";
export type { FileLike, UploadFile, UploadProgress } from "./upload.js";
export {
  constructWebhookEvent,
  DEFAULT_TOLERANCE_SECONDS,
  type VerifyWebhookInput,
  verifyWebhookSignature,
  type WebhookEvent,
  type WebhookEventType,
} from "./webhooks.js";
