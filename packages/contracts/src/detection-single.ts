import { z } from "zod";
import { SERVICE_CODES } from "./prices";
import type { LookupKindCode, ServiceCode } from "./services";
import { needsLiveLookup, serviceCodesWhere } from "./services";

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
export interface SingleCheckResultView {
  basic: BasicView;
  hlr: HlrView | null;
  mnp: MnpView | null;
  lineType: LineTypeView | null;
  simSwap: SimSwapView | null;
  smsPumpingRisk: SmsPumpingRiskView | null;
  callerName: CallerNameView | null;
  fraud: FraudView | null;
  /** True when the number was charged (a live look-up made, or an offline service's valid number). */
  charged: boolean;
  sandbox: boolean;
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

export interface HlrView {
  connectivity: "connected" | "absent" | "invalid_msisdn" | "undetermined";
  error: { code: number; name: string; permanent: boolean } | null;
  currentNetwork: NetworkView | null;
  originalNetwork: NetworkView | null;
  roaming: { roaming: boolean | null; network: NetworkView | null; country: string | null };
  ported: boolean | null;
  source: string;
  provider: string;
  obtainedAt: string;
}

export interface MnpView {
  ported: string;
  currentNetwork: NetworkView | null;
  originalNetwork: NetworkView | null;
  source: string;
  provider: string;
  obtainedAt: string;
}

/** A line-type look-up's answer; `lineType` "unknown" when the provider could not tell. */
export interface LineTypeView {
  lineType: string;
  carrier: NetworkView | null;
  source: string;
  provider: string;
  obtainedAt: string;
}

/**
 * A SIM-swap look-up's answer, as the provider said it: swapped or not in the period it checked
 * (`withinHours`), the last change's date when given; `swapped` and `lastSwapAt` null when it
 * could not tell.
 */
export interface SimSwapView {
  swapped: boolean | null;
  lastSwapAt: string | null;
  withinHours: number | null;
  carrier: NetworkView | null;
  source: string;
  provider: string;
  obtainedAt: string;
}

/** An SMS pumping risk look-up's answer; `risk` null when the provider could not tell. */
export interface SmsPumpingRiskView {
  risk: {
    score: number;
    carrierRisk: string | null;
    blocked: boolean | null;
    blockedLast3Months: boolean | null;
    blockedAt: string | null;
  } | null;
  source: string;
  provider: string;
  obtainedAt: string;
}

/**
 * A caller-name (CNAM) look-up's answer, United States numbers only; each field null when the
 * provider did not say (docs/providers.md, "Caller name").
 */
export interface CallerNameView {
  name: string | null;
  type: "business" | "consumer" | null;
  firstName: string | null;
  lastName: string | null;
  source: string;
  provider: string;
  obtainedAt: string;
}

/**
 * Whether a caller name is asked for (and charged for) the number: a number basic validation does
 * not refuse, of the United States, where caller names exist (docs/providers.md, "Caller name").
 * Any other valid number is "not applicable" and never charged.
 */
export function callerNameApplies(basic: {
  valid: boolean | null;
  country: { iso2: string } | null;
}): boolean {
  return basic.valid !== false && basic.country?.iso2 === "US";
}

/**
 * The field of the result that holds each look-up kind's answer (null when the service asks none
 * of it, or the number was not looked up).
 */
export const KIND_FIELDS = {
  hlr: "hlr",
  mnp: "mnp",
  line_type: "lineType",
  sim_swap: "simSwap",
  sms_pumping_risk: "smsPumpingRisk",
  caller_name: "callerName",
} as const satisfies { readonly [K in LookupKindCode]: keyof SingleCheckResultView };

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
