import { z } from "zod";
import { SERVICE_CODES } from "./prices";
import { serviceCodesWhere } from "./services";

const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: "invalid_format" })
  .meta({ examples: ["US"] })
  .transform((v) => v.toUpperCase());

const defaultCountry = country
  .optional()
  .meta({ description: "ISO 3166-1 alpha-2 country for numbers written in national format." });

const service = z.enum(SERVICE_CODES).meta({
  description: `The check to run on every number: ${serviceCodesWhere(() => true)}.`,
});

/** POST /api/tenant/job: a pasted list; `draft` keeps it for the summary before submitting. */
export const jobCreateBody = z.object({
  service,
  numbers: z
    .array(z.string().max(256))
    .min(1)
    .meta({
      description: "The numbers in any notation (1 to 100,000 through the API; send more as a file).",
      examples: [["+1 202 555 0100", "+1 202 555 0101"]],
    }),
  defaultCountry,
  draft: z.boolean().optional(),
});
export type JobCreateBody = z.input<typeof jobCreateBody>;

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** POST /api/tenant/job/upload?service=&fileName=&defaultCountry=&column=&header= (body: the file). */
export const jobUploadQuery = z.object({
  service,
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .meta({
      description: "The file's name; its extension (.csv, .txt, .xlsx) tells the type.",
      examples: ["numbers.csv"],
    }),
  defaultCountry,
  /** 0-based column holding the numbers; chosen from the first rows when absent. */
  column: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000)
    .optional()
    .meta({ description: "0-based column holding the numbers; detected from the first rows when absent." }),
  header: flag.optional().meta({ description: "Whether the first row is a header; detected when absent." }),
});

/** Partner staff read a customer's job with scope=partner (dsp_detection:read). */
export const jobScopeQuery = z.object({ scope: z.enum(["partner"]).optional() });

export const JOB_ITEM_STATUSES = ["queued", "done", "rejected", "failed"] as const;

/** Filters of a job's result table and downloads. */
export const jobItemFilter = z.object({
  status: z.enum(JOB_ITEM_STATUSES).optional(),
  outcome: z.string().max(40).optional(),
  lineType: z.string().max(40).optional(),
  country: z.string().max(2).optional(),
  carrier: z.string().max(120).optional(),
  risk: z.string().max(20).optional(),
  q: z.string().max(40).optional(),
});
export type JobItemFilter = z.input<typeof jobItemFilter>;

export const jobItemsQuery = jobItemFilter.extend({
  scope: z.enum(["partner"]).optional(),
  cursor: z.coerce.number().int().min(-1).optional(),
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
});

export const jobDownloadQuery = jobItemFilter.extend({
  scope: z.enum(["partner"]).optional(),
  format: z.enum(["csv", "xlsx"]),
  /** The rows that were not checked (duplicates, invalid, cancelled), with the reason. */
  rejected: flag.optional(),
});

/** A job's state and progress (GET /api/tenant/job/s/:id). Money in micros as decimal strings. */
export interface JobView {
  id: string;
  kind: string;
  channel: string;
  service: string;
  /** draft, queued, running, completed, failed, cancelled. */
  status: string;
  total: number;
  chargeable: number;
  done: number;
  failed: number;
  duplicates: number;
  invalid: number;
  remaining: number;
  percent: number;
  /** Items per second since the job started. */
  rate: number;
  /** Seconds, or null while there is no rate to estimate from. */
  timeLeft: number | null;
  unitPriceMicros: string;
  chargedMicros: string;
  currency: string;
  sandbox: boolean;
  fileName: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** A draft with what submitting it would cost. */
export interface DraftView extends JobView {
  estimate: { unitPriceMicros: string; totalMicros: string; currency: string };
  balanceMicros: string;
  balanceAfterMicros: string;
  enoughBalance: boolean;
}

export interface ColumnView {
  index: number;
  /** The header text, or "" when the file has no header row. */
  name: string;
  samples: string[];
  /** Share 0..1 of the sampled values that look like phone numbers. */
  phoneLike: number;
}

/** POST /api/tenant/job/upload */
export interface UploadView {
  job: DraftView;
  table: {
    format: "csv" | "txt" | "xlsx";
    encoding: string;
    delimiter: string | null;
    header: boolean;
    column: number;
    columns: ColumnView[];
  };
}

export interface FacetCount {
  value: string | null;
  n: number;
}

/** GET /api/tenant/job/s/:id/summary */
export interface JobSummaryView {
  status: FacetCount[];
  outcome: FacetCount[];
  lineType: FacetCount[];
  country: FacetCount[];
  carrier: FacetCount[];
  risk: FacetCount[];
  rejectReason: FacetCount[];
}

export interface JobItemView {
  seq: number;
  input: string;
  e164: string | null;
  status: string;
  rejectReason: string | null;
  /** The stored result (SingleCheckResultView) for done items. */
  result: unknown;
  costMicros: string;
  finishedAt: string | null;
  /**
   * A single check's charge: the ledger row (transaction) that charged it with the rest of its
   * batch; null when it was free, and for the rows of lists and files (their hold is on the job).
   */
  ledgerEntryId: string | null;
}

/** GET /api/tenant/job/s/:id/items */
export interface JobItemsPage {
  items: JobItemView[];
  nextCursor: number | null;
}
