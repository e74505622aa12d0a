import type { components, operations } from "./generated/openapi.js";

type Schemas = components["schemas"];

/** The `data` of an operation's successful JSON answer. */
export type AnswerOf<K extends keyof operations> = operations[K]["responses"][200] extends {
  content: { "application/json": { data: infer D } };
}
  ? D
  : never;

/** The JSON body of an operation. */
export type BodyOf<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** The query of an operation. */
export type QueryOf<K extends keyof operations> = NonNullable<operations[K]["parameters"]["query"]>;

export type CheckAnswer = Schemas["CheckAnswer"];
export type CheckResult = Schemas["CheckResult"];
export type BatchItem = Schemas["BatchItem"];
export type Job = Schemas["JobView"];
export type JobResultItem = Schemas["JobResultItem"];
export type ServiceCode = BodyOf<"checkNumber">["service"];

export type CheckParams = BodyOf<"checkNumber">;
export type BatchParams = BodyOf<"checkNumbers">;
export type BatchAnswer = AnswerOf<"checkNumbers">;
export type CreateJobParams = BodyOf<"createJob">;
export type ListJobsParams = QueryOf<"listJobs">;
export type JobResultsParams = QueryOf<"listJobResults">;
export type DownloadParams = { format: "csv" | "xlsx"; rejected?: boolean };
export type Usage = AnswerOf<"getUsage">;
export type UsageParams = QueryOf<"getUsage">;
export type Balance = AnswerOf<"getBalance">;
export type Coverage = AnswerOf<"getCoverage">;
export type CoverageParams = QueryOf<"getCoverage">;
export type Receipts = AnswerOf<"listReceipts">;
export type Receipt = Receipts["items"][number];
export type StatementMonths = AnswerOf<"listStatements">;
export type ApiRequest = Schemas["ApiRequest"];
export type ListRequestsParams = QueryOf<"listRequests">;
