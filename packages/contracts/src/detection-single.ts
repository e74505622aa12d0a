import { z } from "zod";
import type { KindViews } from "./kinds/index";
import { SERVICE_CODES } from "./prices";
import type { LookupKindCode, ServiceCode } from "./services";
import { LOOKUP_KIND_CODES, needsLiveLookup, serviceCodesWhere } from "./services";

/** One number checked from the dashboard (docs/architecture.md, "What a person meets first", /dashboard/detection). */
export const SINGLE_NUMBER_MAX = 64;

/** POST /api/tenant/detection/check */
export const detectionCheckBody = z.object({
  service: z.enum(SERVICE_CODES).meta({
    description: `The check to run: ${serviceCodesWhere(() => true)}. Those with a live look-up: ${serviceCodesWhere(needsLiveLookup)}; with a fraud score: ${serviceCodesWhere((s) => s.needs.fraud)}.`,
  }),
  number: z
    .string()
    .trim()
    .min(1)
    .max(SINGLE_NUMBER_MAX)
    .meta({
      description:
        "The phone number in any notation: E.164, international or, with `defaultCountry`, national.",
      examples: ["+1 202 555 0100"],
    }),
  /** ISO-2, used for national-format numbers. */
  defaultCountry: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: "invalid_format" })
    .meta({ examples: ["US"] })
    .transform((c) => c.toUpperCase())
    .optional()
    .meta({ description: "ISO 3166-1 alpha-2 country for numbers written in national format." }),
  /** Ask the network again instead of reusing an answer from the last LOOKUP_CACHE_HOURS. */
  fresh: z
    .boolean()
    .optional()
    .meta({
      description: "Ask the network again instead of reusing a recent look-up answer (24 hours by default).",
      examples: [false],
    }),
});
export type DetectionCheckBody = z.input<typeof detectionCheckBody>;

/** Most numbers one synchronous batch may hold; more go in a job. */
export const CHECK_BATCH_MAX = 100;

/** POST /api/v1/check/batch: up to 100 numbers of one service, answered in the same order. */
export const detectionBatchBody = detectionCheckBody.omit({ number: true }).extend({
  numbers: z
    .array(z.string().trim().min(1).max(SINGLE_NUMBER_MAX))
    .min(1)
    .max(CHECK_BATCH_MAX)
    .meta({
      description: "1 to 100 phone numbers in any notation; answered in the same order.",
      examples: [["+1 202 555 0100", "+1 202 555 0104"]],
    }),
});

/** One answer of a batch: the check, or why this number could not be checked (nothing charged). */
export type BatchItemView =
  | { number: string; ok: true; data: SingleCheckView }
  | { number: string; ok: false; error: { code: number; msg: string } };

export const DETECTION_HISTORY_PAGE_DEFAULT = 20;
export const DETECTION_HISTORY_PAGE_MAX = 100;

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_format" });

export const JOB_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export const JOB_CHANNELS = ["web", "api"] as const;

/**
 * GET /api/tenant/detection/history: single checks and jobs, newest first. from/to are calendar
 * days in the organisation's time zone, both inclusive.
 */
export const detectionHistoryQuery = z.object({
  from: dayText.optional(),
  to: dayText.optional(),
  service: z.enum(SERVICE_CODES).optional(),
  status: z.enum(JOB_STATUSES).optional(),
  channel: z.enum(JOB_CHANNELS).optional(),
  submittedBy: z.uuid({ error: "invalid_format" }).optional(),
  /** Partner staff (dsp_detection:read in the partner's staff organisation): every customer's jobs. */
  scope: z.enum(["partner"]).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1 && n <= DETECTION_HISTORY_PAGE_MAX, { error: "out_of_range" })
    .default(DETECTION_HISTORY_PAGE_DEFAULT),
});
export type DetectionHistoryQuery = z.input<typeof detectionHistoryQuery>;

/**
 * The stored result of one number. Types are kept loose here (the engine's own types live in
 * @nc/numcheck, which the browser does not import).
 */
export type SingleCheckResultView = {
  basic: BasicView;
} & {
  /** Each look-up kind's answer (kinds/), in the field of its name; null when not looked up. */
  [K in LookupKindCode as KindField<K>]: KindViews[K] | null;
} & {
  fraud: FraudView | null;
  /** True when the number was charged (a live look-up made, or an offline service's valid number). */
  charged: boolean;
  sandbox: boolean;
};

/** Where a look-up's answer came from: every kind's view ends with these (kinds/). */
export interface AnswerOrigin {
  /** live, cache or sandbox. */
  source: string;
  /** Who answered: the provider's name, stored; `live` or `sandbox` to a customer (forCustomer). */
  provider: string;
  obtainedAt: string;
}

export interface NetworkView {
  name: string | null;
  mcc: string | null;
  mnc: string | null;
  country: string | null;
}

export interface BasicView {
  e164: string | null;
  valid: boolean | null;
  possible: boolean;
  lineType: string;
  country: { iso2: string; iso3: string; dialCode: string } | null;
  formats: { e164: string; international: string; national: string } | null;
  originalCarrier: NetworkView | null;
  region: string | null;
  timeZones: string[];
  possiblyPorted: boolean;
  qualifiesForHlr: boolean;
  normalisation: {
    invalidReason: string | null;
    defaultCountryUsed: string | null;
    /** How the input was read; absent on results stored before it was recorded. */
    steps?: string[];
  };
}

/** A look-up kind's code in camel case: the field of the result that holds its answer. */
export type KindField<K extends string> = K extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<KindField<Tail>>}`
  : K;

/**
 * The field of the result that holds each look-up kind's answer (null when the service asks none
 * of it, or the number was not looked up): the kind's code in camel case.
 */
export const KIND_FIELDS = Object.fromEntries(
  LOOKUP_KIND_CODES.map((kind) => [kind, kind.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())]),
) as { readonly [K in LookupKindCode]: KindField<K> };

/** A stored result with a field for every look-up kind: results stored before a kind existed lack it. */
export function withEveryKind(view: SingleCheckResultView): SingleCheckResultView {
  const missing = Object.values(KIND_FIELDS).filter((field) => view[field] === undefined);
  return missing.length === 0
    ? view
    : { ...view, ...Object.fromEntries(missing.map((field) => [field, null])) };
}

export interface FraudView {
  score: number;
  level: "very_low" | "low" | "medium" | "high" | "very_high";
  recommendation: "allow" | "flag" | "block";
  reasons: { code: string; weight: number }[];
  enhanced: boolean;
}

export interface SingleCheckView {
  jobId: string;
  service: ServiceCode;
  result: SingleCheckResultView;
  /** Micros, as a decimal string. */
  costMicros: string;
  currency: string;
  sandbox: boolean;
}

export interface DetectionJobView {
  id: string;
  service: string;
  kind: string;
  channel: string;
  status: string;
  total: number;
  done: number;
  chargedMicros: string;
  currency: string;
  sandbox: boolean;
  createdAt: string;
  fileName: string | null;
  /** A single check's number (E.164, or as typed when it did not parse); null for lists and files. */
  number: string | null;
  /** The organisation the job belongs to (differs from the caller's only in the partner view). */
  tenant: { id: string; name: string };
  duplicates: number;
  invalid: number;
  failed: number;
  submittedBy: { id: string; name: string } | null;
}

export interface DetectionHistoryPage {
  items: DetectionJobView[];
  /** Whether the caller may switch to the partner view (all the partner's customers). */
  partnerView: boolean;
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}
