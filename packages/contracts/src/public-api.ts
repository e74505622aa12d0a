import { z } from "zod";
import { dateTime, LINE_TYPES, network, openEnum, openEnumMeta, presence } from "./api-schema-parts";
import { COVERAGE_AVAILABILITY } from "./coverage";
import { KIND_FIELDS, type KindField } from "./detection-single";
import type { ErrorKey } from "./errors";
import { JOB_ITEM_STATUSES } from "./jobs";
import { LOOKUP_KIND_ANSWERS } from "./kinds/index";
import { SERVICE_CODES } from "./prices";
import { LOOKUP_KIND_CODES, type LookupKindCode, serviceCodesWhere } from "./services";

/**
 * The answers of the public API (/api/v1) as zod schemas, for its OpenAPI document only: the
 * routes do not serialise through them. Each describes the `data` of the envelope field by field.
 * Schemas given an `id` become named components of the document.
 */

/** The same, or null (the description has to sit on the nullable wrapper to be seen). */
function nullableOpenEnum(values: readonly string[], description: string) {
  return openEnum(values, description).nullable().meta(openEnumMeta(description));
}

const micros = (description: string) =>
  z
    .string()
    .regex(/^-?\d+$/)
    .meta({
      description: `${description} In micros of the currency (1 = 0.000001), as a decimal string.`,
      examples: ["12000"],
    });

const currency = z
  .string()
  .length(3)
  .meta({ description: "ISO 4217 currency code of the organisation's account.", examples: ["USD"] });

const nullableDateTime = (description: string) =>
  z
    .string()
    .meta({ format: "date-time" })
    .nullable()
    .meta({ description, examples: ["2025-03-14T09:26:53.589Z"] });

// --- Results of a check ---------------------------------------------------------------------------

export const INVALID_REASONS = [
  "empty",
  "not_a_number",
  "too_short",
  "too_long",
  "invalid_country_code",
  "no_country",
  "invalid_for_region",
  "precision_lost",
  "multiple_numbers",
  "unknown",
] as const;

/** How an input was read, step by step (docs/architecture.md, "Normalisation"). */
export const NORMALISATION_STEPS = [
  "trimmed",
  "full_width_digits",
  "local_digits",
  "spreadsheet_formula",
  "quotes_removed",
  "separator_removed",
  "symbol_removed",
  "brackets_removed",
  "label_removed",
  "extension_removed",
  "spreadsheet_scientific",
  "spreadsheet_decimal",
  "vanity_letters",
  "international_00",
  "international_plus",
  "restored_plus",
  "default_country",
  "national_trunk_prefix",
  "restored_leading_zero",
  "mexico_mobile_prefix",
] as const;

export const RISK_LEVELS = ["very_low", "low", "medium", "high", "very_high"] as const;
export const RECOMMENDATIONS = ["allow", "flag", "block"] as const;

const basicResult = z
  .object({
    e164: z
      .string()
      .nullable()
      .meta({
        description: "The number in E.164, or null when the input is not one.",
        examples: ["+12025550100"],
      }),
    valid: z
      .boolean()
      .nullable()
      .meta({ description: "Valid by the numbering plan; null when the plan cannot tell." }),
    possible: z.boolean().meta({ description: "Has a possible length for its country." }),
    lineType: openEnum(LINE_TYPES, "Line type by the numbering plan."),
    country: z
      .object({
        iso2: z.string().meta({ description: "ISO 3166-1 alpha-2.", examples: ["US"] }),
        iso3: z.string().meta({ description: "ISO 3166-1 alpha-3.", examples: ["USA"] }),
        dialCode: z.string().meta({ description: "Country calling code.", examples: ["1"] }),
      })
      .nullable()
      .meta({ description: "The number's country, or null when unknown." }),
    formats: z
      .object({
        e164: z.string().meta({ description: "E.164.", examples: ["+12025550100"] }),
        international: z
          .string()
          .meta({ description: "International notation.", examples: ["+1 202-555-0100"] }),
        national: z.string().meta({ description: "National notation.", examples: ["(202) 555-0100"] }),
      })
      .nullable()
      .meta({ description: "The number written three ways, or null for an invalid number." }),
    originalCarrier: network.nullable().meta({ description: "The operator the range was allocated to." }),
    region: z.string().nullable().meta({ description: "Region or city of the range, when known." }),
    timeZones: z
      .array(z.string())
      .meta({ description: "IANA time zones of the range.", examples: [["America/New_York"]] }),
    possiblyPorted: z.boolean().meta({ description: "A mobile range in a country with number portability." }),
    qualifiesForHlr: z
      .boolean()
      .meta({ description: "Worth a live HLR/MNP look-up (valid mobile or fixed-or-mobile number)." }),
    normalisation: z
      .object({
        invalidReason: nullableOpenEnum(
          INVALID_REASONS,
          "Why the input is not a usable number; null when it is one.",
        ),
        defaultCountryUsed: z
          .string()
          .nullable()
          .meta({ description: "The default country, when it decided the number's country." }),
        steps: z
          .array(
            z
              .enum(NORMALISATION_STEPS)
              .meta(
                openEnumMeta(
                  "A step of reading the input: what was removed (quotes, separators, symbols, brackets, labels, an extension, a spreadsheet's formula or zero decimals), converted (full-width characters, other scripts' digits, scientific notation, vanity letters) or assumed (a lost `+`, a lost leading zero, the default country).",
                ),
              ),
          )
          .optional()
          .meta({
            description:
              "How the input was read, in order; absent on results stored before steps were recorded.",
            examples: [["label_removed", "international_plus"]],
          }),
      })
      .meta({ description: "How the input was read." }),
  })
  .meta({ id: "BasicResult", description: "Offline validation by the numbering plan (every service)." });

const fraudResult = z
  .object({
    score: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: "Risk score, 0 (none) to 100.", examples: [12] }),
    level: openEnum(RISK_LEVELS, "Risk level derived from the score."),
    recommendation: openEnum(RECOMMENDATIONS, "What to do with the number."),
    reasons: z
      .array(
        z.object({
          code: z.string().meta({
            description:
              "Reason code (for example `voip_line`, `irsf_destination`, `velocity_high`). New codes may be added.",
            examples: ["voip_line"],
          }),
          weight: z.number().meta({ description: "Points this reason added to the score.", examples: [25] }),
        }),
      )
      .meta({ description: "Why the score is what it is, strongest first." }),
    enhanced: z.boolean().meta({ description: "True when live HLR/MNP data went into the score." }),
  })
  .meta({ id: "FraudResult", description: "Fraud risk assessment (fraud shield services)." });

/** Each look-up kind's answer in the field of its name (kinds/), saying which services fill it. */
const kindResults = Object.fromEntries(
  LOOKUP_KIND_CODES.map((kind) => [
    KIND_FIELDS[kind],
    LOOKUP_KIND_ANSWERS[kind].schema.nullable().meta({ description: presence(kind) }),
  ]),
) as { [K in LookupKindCode as KindField<K>]: z.ZodNullable<(typeof LOOKUP_KIND_ANSWERS)[K]["schema"]> };

const checkResult = z
  .object({
    basic: basicResult,
    ...kindResults,
    fraud: fraudResult
      .nullable()
      .meta({ description: `Present for ${serviceCodesWhere((s) => s.needs.fraud)}.` }),
    charged: z.boolean().meta({ description: "True when a live look-up was made and the number charged." }),
    sandbox: z.boolean().meta({ description: "True when the answer came from the sandbox (test key)." }),
  })
  .meta({ id: "CheckResult", description: "Everything known about one number." });

const serviceCode = openEnum(SERVICE_CODES, "The service used.");

const checkAnswer = z
  .object({
    jobId: z.uuid().meta({
      description:
        "Id of the history job the check is stored in: the day's single checks (UTC) of one service, made with the keys of one creator, are one job listing each number.",
    }),
    service: serviceCode,
    result: checkResult,
    costMicros: micros("What the check cost (0 with a test key or when nothing was chargeable)."),
    currency,
    sandbox: z.boolean().meta({ description: "True when answered from the sandbox (test key)." }),
  })
  .meta({ id: "CheckAnswer", description: "The result of one checked number." });

const batchItem = z
  .discriminatedUnion("ok", [
    z
      .object({
        number: z.string().meta({ description: "The number as sent.", examples: ["+1 202 555 0100"] }),
        ok: z.literal(true).meta({ description: "The number was checked." }),
        data: checkAnswer,
      })
      .meta({ title: "Checked" }),
    z
      .object({
        number: z.string().meta({ description: "The number as sent.", examples: ["+1 202 555 0106"] }),
        ok: z.literal(false).meta({ description: "The number could not be checked; nothing was charged." }),
        error: z
          .object({
            code: z.int().meta({ description: "Error code (for example 40200, 50200).", examples: [50200] }),
            msg: z.string().meta({ description: "Message in the caller's language." }),
          })
          .meta({ description: "Why the number could not be checked." }),
      })
      .meta({ title: "Not checked" }),
  ])
  .meta({ id: "BatchItem", description: "One number of a batch, in the order sent." });

// --- Jobs -----------------------------------------------------------------------------------------

export const API_JOB_STATUSES = ["queued", "running", "completed", "cancelled", "failed"] as const;
export const JOB_KINDS = ["list", "file"] as const;

const count = (description: string) => z.int().min(0).meta({ description });

const jobView = z
  .object({
    id: z.uuid().meta({ description: "Job id." }),
    kind: openEnum(JOB_KINDS, "`list` (JSON numbers) or `file` (uploaded file)."),
    channel: openEnum(["web", "api"], "Where the job was submitted (`api` for every job of this API)."),
    service: serviceCode,
    status: openEnum(API_JOB_STATUSES, "Job state. `completed`, `cancelled` and `failed` are final."),
    total: count("Rows read."),
    chargeable: count("Numbers to check: total minus duplicates and invalid rows."),
    done: count("Numbers checked."),
    failed: count("Numbers whose look-up failed (not charged)."),
    duplicates: count("Rows repeating an earlier number (not checked, not charged)."),
    invalid: count("Rows that are not a usable number for the service (not checked, not charged)."),
    remaining: count("Numbers still to check."),
    percent: z.int().min(0).max(100).meta({ description: "Progress, 0 to 100." }),
    rate: z.number().min(0).meta({ description: "Numbers checked per second since the job started." }),
    timeLeft: z
      .int()
      .min(0)
      .nullable()
      .meta({ description: "Estimated seconds left, or null while there is no rate to estimate from." }),
    unitPriceMicros: micros("Price per chargeable number."),
    chargedMicros: micros("Charged so far."),
    currency,
    sandbox: z.boolean().meta({ description: "True for a test key's job (sandbox answers, free)." }),
    fileName: z.string().nullable().meta({ description: "The uploaded file's name, for file jobs." }),
    createdAt: dateTime("When the job was submitted."),
    startedAt: nullableDateTime("When checking started."),
    finishedAt: nullableDateTime("When the job ended."),
  })
  .meta({ id: "JobView", description: "A bulk job's state and progress." });

const jobList = z
  .object({
    items: z.array(jobView).meta({ description: "The organisation's API jobs, newest first." }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ description: "A page of jobs." });

const jobResultItem = z
  .object({
    seq: z.int().min(0).meta({ description: "Row number in the job (0-based), the paging cursor." }),
    input: z.string().meta({ description: "The row as submitted.", examples: ["(202) 555-0100"] }),
    e164: z.string().nullable().meta({ description: "The number in E.164, when it is one." }),
    status: openEnum(
      JOB_ITEM_STATUSES,
      "`done` (checked), `failed` (look-up failed), `rejected` (not checked).",
    ),
    rejectReason: z
      .string()
      .nullable()
      .meta({
        description:
          "Why a `rejected` row was not checked, null otherwise: `duplicate`, `cancelled`, or `invalid:` followed by the number's `invalidReason` (`invalid:too_short`…), `invalid` (not valid by the numbering plan) or `not_eligible` (HLR/MNP: not a number a live look-up can answer). New reasons may be added.",
        examples: ["duplicate", "invalid:too_short"],
      }),
    result: checkResult.nullable().meta({ description: "The result of a `done` row, else null." }),
    costMicros: micros("What this number cost."),
    finishedAt: nullableDateTime("When the row was checked."),
  })
  .meta({ id: "JobResultItem", description: "One row of a job." });

const jobResults = z
  .object({
    items: z.array(jobResultItem).meta({ description: "Rows in order." }),
    nextCursor: z.int().nullable().meta({
      description: "Pass as `cursor` for the next page (the last row's `seq`); null on the last page.",
    }),
  })
  .meta({ description: "A page of a job's rows." });

// --- Coverage -------------------------------------------------------------------------------------

const coverage = z
  .object({
    countries: z
      .array(
        z.object({
          country: z
            .string()
            .length(2)
            .meta({ description: "ISO 3166-1 alpha-2 code.", examples: ["DE"] }),
          callingCode: z
            .string()
            .meta({ description: "Country calling code, digits only.", examples: ["49"] }),
          services: z
            .array(
              z.object({
                service: z.enum(SERVICE_CODES).meta({ description: "Service code." }),
                available: openEnum(
                  COVERAGE_AVAILABILITY,
                  "`yes`: numbers of the country are answered; `sample`: only sample answers (sandbox), not the network; `no`: not covered.",
                ),
                priceMicros: micros("What one number costs now, at the band this month's volume reached.")
                  .nullable()
                  .meta({ description: "What one number costs now; null when no price is set." }),
                currency: currency
                  .nullable()
                  .meta({ description: "Currency of the price; null without one." }),
                stats: z
                  .object({
                    periodHours: count(
                      "Hours the figures cover: the last seven days, the current hour included.",
                    ),
                    lookups: count("Look-ups of the country's numbers in that period."),
                    answeredShare: z.number().min(0).max(1).nullable().meta({
                      description: "Share of look-ups answered, 0 to 1; null with fewer than 20 look-ups.",
                    }),
                    medianLatencyMs: z
                      .int()
                      .min(0)
                      .nullable()
                      .meta({ description: "Median answer time in ms; null with fewer than 20 look-ups." }),
                  })
                  .nullable()
                  .meta({
                    description:
                      "What the look-ups of the country's numbers measured over the last seven days, across the network routes your checks use; null for offline services, where the service is not available, or without look-ups.",
                  }),
              }),
            )
            .meta({ description: "One entry per service." }),
        }),
      )
      .meta({ description: "One entry per country, by ISO code." }),
  })
  .meta({ description: "Services, prices and measured answers per country." });

// --- Usage and balance ----------------------------------------------------------------------------

const usage = z
  .object({
    days: z
      .array(
        z.object({
          day: z.string().meta({
            description: "Day in the organisation's time zone.",
            format: "date",
            examples: ["2025-03-14"],
          }),
          calls: count("Authenticated API calls."),
          errors: count("Calls answered with an error."),
          numbers: count("Numbers submitted."),
          costMicros: micros("Charged for the day's calls."),
        }),
      )
      .meta({ description: "One entry per day of the period." }),
    currency,
  })
  .meta({ description: "API usage per day." });

const nullableMicros = (description: string) =>
  z
    .string()
    .regex(/^\d+$/)
    .nullable()
    .meta({ description, examples: ["25000000"] });

const keySpend = z
  .object({
    dailyLimitMicros: nullableMicros("Most the key may spend in a UTC day; null: no daily limit."),
    monthlyLimitMicros: nullableMicros("Most the key may spend in a UTC month; null: no monthly limit."),
    todayMicros: micros("What the key spent today (UTC), jobs' holds included."),
    thisMonthMicros: micros("What the key spent this month (UTC), jobs' holds included."),
  })
  .meta({ description: "The calling key's spend limits and what it spent, in the balance's currency." });

const balance = z
  .object({
    balanceMicros: micros("Balance available to spend."),
    currency,
    key: keySpend,
  })
  .meta({ description: "The organisation's balance." });

const nullableText = (description: string) => z.string().nullable().meta({ description });

const requestLogEntry = z
  .object({
    id: z.string().meta({ description: "The log entry's id." }),
    at: dateTime("When the answer was sent."),
    keyId: z.uuid().meta({ description: "The API key that made the request." }),
    keyPrefix: nullableText(
      "The key's public part (`nc_live_…`), never its secret; null once the key is deleted.",
    ),
    keyName: nullableText("The key's name."),
    method: z.string().meta({ description: "The HTTP method.", examples: ["POST"] }),
    path: z.string().meta({
      description: "The path as requested, with query values that could be a key or a phone number masked.",
      examples: ["/api/v1/jobs?limit=20"],
    }),
    endpoint: z.string().meta({ description: "The route it reached.", examples: ["GET /api/v1/jobs/:id"] }),
    status: z.int().meta({ description: "The HTTP status answered.", examples: [200] }),
    latencyMs: z.number().meta({ description: "Time to answer, in milliseconds." }),
    errorCode: z.int().nullable().meta({ description: "The answer's error code, or null for a success." }),
    idempotencyKey: nullableText("The Idempotency-Key header sent, if any."),
    requestId: nullableText("The request's id, as sent back in its `X-Request-Id` header."),
    service: nullableText("The service the request used or named."),
  })
  .meta({ id: "ApiRequest", description: "One API request. Bodies are never kept." });

const requestLog = z
  .object({
    items: z.array(requestLogEntry).meta({ description: "Requests, newest first." }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ description: "A page of the request log." });

const receipts = z
  .object({
    items: z
      .array(
        z.object({
          id: z.uuid().meta({ description: "The top-up's id: ask for its receipt with it." }),
          paidAt: dateTime("When the top-up was credited."),
          amountMicros: micros("Credited to the balance."),
          currency,
          method: z.string().meta({
            description: "How it was paid: `stripe` (card) or `bank_transfer`; may gain values.",
            examples: ["bank_transfer"],
          }),
        }),
      )
      .meta({ description: "Credited top-ups, newest first (at most the latest 100)." }),
  })
  .meta({ description: "The organisation's credited top-ups." });

const statementMonths = z
  .object({
    months: z.array(z.string().meta({ description: "A month, YYYY-MM.", examples: ["2026-11"] })).meta({
      description: "Months with a statement, newest first, from the first movement of the balance.",
    }),
  })
  .meta({ description: "The months with a statement." });

/** GET /api/v1/receipts/{id}. */
export const apiReceiptParams = z.object({ id: z.uuid().meta({ description: "The top-up's id." }) });

/** GET /api/v1/statements/{month}. */
export const apiStatementParams = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "invalid_format" })
    .meta({
      description: "The month, YYYY-MM, its days in the organisation's time zone.",
      examples: ["2026-11"],
    }),
});

// --- Envelope and errors --------------------------------------------------------------------------

/** A successful answer: `code` 0 and the endpoint's `data`. */
export function envelope<T extends z.ZodType>(data: T, description: string) {
  return z
    .object({
      code: z.literal(0).meta({ description: "0 on success." }),
      msg: z.string().meta({ description: "`ok` on success.", examples: ["ok"] }),
      data,
    })
    .meta({ description });
}

export const errorAnswer = z
  .object({
    code: z
      .int()
      .meta({ description: "Error code: the HTTP status followed by two digits.", examples: [40101] }),
    msg: z.string().meta({ description: "What went wrong, in the caller's language (Accept-Language)." }),
    data: z
      .union([
        z
          .object({
            fields: z
              .array(
                z.object({
                  field: z.string().meta({ description: "Path of the field.", examples: ["numbers.3"] }),
                  reason: z
                    .string()
                    .meta({ description: "Machine-readable reason.", examples: ["too_long"] }),
                  message: z.string().meta({ description: "The reason in the caller's language." }),
                }),
              )
              .meta({ description: "Each field at fault (validation errors, 40001)." }),
          })
          .meta({ title: "Field errors" }),
        z.record(z.string(), z.unknown()).meta({ title: "Details" }),
        z.null(),
      ])
      .meta({ description: "Details: the fields at fault for 40001, else null or error-specific." }),
  })
  .meta({
    id: "ErrorAnswer",
    description: "An error: a non-zero code with the HTTP status it travels with.",
  });

/** What each error means to an API caller (the texts users see are translated separately). */
export const API_ERROR_MEANINGS = {
  validation: "Invalid input: `data.fields` lists each field with a reason.",
  idempotencyKeyInvalid: "The Idempotency-Key header is not 1–255 visible ASCII characters.",
  jobLimitReached: "The organisation already has 5 open jobs.",
  jobTooManyRows: "More numbers than a job may hold (100,000 as JSON, 10 million in a file).",
  fileEmpty: "The file holds no numbers.",
  fileTypeMismatch: "The file's content does not match the type its name says.",
  fileEncodingBroken: "The text could not be read as UTF-8, UTF-16 or GB18030.",
  fileCorrupt: "The spreadsheet is damaged.",
  fileExpandsTooMuch: "The spreadsheet unpacks to more than the limit.",
  fileColumnMissing: "The `column` asked for does not exist in the file.",
  fileRowTooLarge: "A row uses more than 1,024 columns or 262,144 characters; `data.row` names it.",
  fileTooComplex:
    "The workbook has more than 1,024 sheets, 4,096 links between parts or 8,388,608 shared texts.",
  fileReadTooSlow: "Reading the file took longer than the limit (10 minutes by default).",
  priceNotSet: "No price is set for the service; contact support.",
  usageRangeTooLong: "The period is longer than 366 days.",
  apiKeyMissing: "No `Authorization: Bearer` header.",
  apiKeyInvalid: "Unknown, wrong, revoked or expired key, or a call from outside its IP allow-list.",
  apiKeyInQuery: "A key was sent in the URL: refused; roll that key.",
  insufficientBalance: "The balance does not cover the numbers to charge.",
  apiKeySpendLimit:
    "The key's daily or monthly spend limit does not cover the numbers to charge (`data.period`: day or month).",
  forbidden: "The key lacks the scope this endpoint needs.",
  notFound: "No such job, top-up or month in the key's organisation.",
  jobClosed: "The job already ended.",
  jobNotFinished: "The job has not ended yet; its failed rows can be checked again once it has.",
  jobNoFailedRows: "The job has no failed rows.",
  idempotencyInProgress: "A request with the same Idempotency-Key is still running; retry later.",
  idempotencyKeyReused: "The Idempotency-Key was used with another request.",
  rateLimited: "Over the rate limit; wait `Retry-After` seconds.",
  uploadsBusy:
    "Too many files are being read at once (by the server, the organisation or the person: `data.scope`); retry after `Retry-After` seconds.",
  fileTooLarge: "The file is larger than the upload limit (200 MB by default).",
  payloadTooLarge: "The JSON body is larger than 8 MB.",
  fileTypeUnsupported: "The file is not CSV, TXT or XLSX.",
  lookupFailed: "The network look-up failed; nothing was charged.",
  unavailable: "Temporarily unavailable; retry later.",
} as const satisfies Partial<Record<ErrorKey, string>>;

export type ApiErrorKey = keyof typeof API_ERROR_MEANINGS;

// --- Headers --------------------------------------------------------------------------------------

/**
 * The Idempotency-Key request header, accepted on every POST. No example value: a viewer would
 * send it with every trial request, and the second one would be refused as a reuse.
 */
export const idempotencyKeyHeader = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/)
  .meta({
    description:
      "Makes a retry safe: the same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and charges nothing twice; with another request it is refused (422, 42200). 1–255 visible ASCII characters: a new UUID for each new request.",
  });

/** Headers every /api/v1 answer carries. */
export const RATE_LIMIT_HEADERS = {
  RateLimit: z.string().meta({
    description:
      "The tighter of the two limits: its name, requests left (`r`) and seconds until its window resets (`t`).",
    examples: ['"key";r=599;t=42'],
  }),
  "RateLimit-Policy": z.string().meta({
    description: "The limits: per key and per organisation (all its keys together), per 60-second window.",
    examples: ['"key";q=600;w=60, "organisation";q=1200;w=60'],
  }),
};

export const RETRY_AFTER_HEADER = z
  .string()
  .meta({ description: "Seconds to wait before trying again.", examples: ["17"] });

export const IDEMPOTENT_REPLAYED_HEADER = z.string().meta({
  description: "`true` when this answer is the replay of an earlier request with the same Idempotency-Key.",
});

// --- Operations -----------------------------------------------------------------------------------

export const PUBLIC_API_TAGS = [
  {
    name: "check",
    "x-displayName": "Check numbers",
    description: "Check numbers and get the answer at once (up to 100 per call).",
  },
  {
    name: "jobs",
    "x-displayName": "Bulk jobs",
    description: "Bulk jobs: submit up to 10 million numbers, follow progress, read results.",
  },
  { name: "usage", "x-displayName": "Usage and balance", description: "API usage and the balance." },
  {
    name: "billing",
    "x-displayName": "Receipts and statements",
    description: "A PDF receipt for every credited top-up and a PDF statement for every month.",
  },
] as const;

export type PublicApiTag = (typeof PUBLIC_API_TAGS)[number]["name"];

/** Media types a job file may be sent as (the file is the raw request body). */
export const JOB_FILE_MEDIA_TYPES = [
  "text/csv",
  "text/plain",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/octet-stream",
] as const;

export const DOWNLOAD_MEDIA_TYPES = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/** Success is always HTTP 200 with code 0. */
interface JsonSuccess {
  description: string;
  data: z.ZodType;
}
interface FileSuccess {
  description: string;
  /** Media types the answer may come as. */
  files: readonly string[];
}

export interface PublicApiOperation {
  operationId: string;
  tag: PublicApiTag;
  summary: string;
  description: string;
  success: JsonSuccess | FileSuccess;
  /** Errors this endpoint answers besides the ones every endpoint may (auth, scope, rate limit). */
  errors: readonly ApiErrorKey[];
  /** The request body may also be a file of these media types. */
  fileBody?: readonly string[];
}

/** Errors any /api/v1 endpoint may answer. */
export const COMMON_API_ERRORS: readonly ApiErrorKey[] = [
  "validation",
  "apiKeyMissing",
  "apiKeyInvalid",
  "apiKeyInQuery",
  "forbidden",
  "rateLimited",
  "unavailable",
];

/** Errors every POST may answer because of its Idempotency-Key. */
export const IDEMPOTENCY_ERRORS: readonly ApiErrorKey[] = [
  "idempotencyKeyInvalid",
  "idempotencyInProgress",
  "idempotencyKeyReused",
];

/**
 * Every operation of the public API by "METHOD path" (OpenAPI path syntax). The OpenAPI document
 * takes summaries, tags and answers from here; requests come from the routes' own schemas.
 */
export const PUBLIC_API_OPERATIONS = {
  "POST /api/v1/check": {
    operationId: "checkNumber",
    tag: "check",
    summary: "Check a number",
    description:
      "Checks one number with one service and answers at once. A live key is charged per the organisation's price (nothing for an invalid number, or for HLR/MNP when the number is not eligible for a live look-up); a test key answers from the sandbox, free.",
    success: { description: "The result.", data: checkAnswer },
    errors: ["insufficientBalance", "apiKeySpendLimit", "priceNotSet", "lookupFailed"],
  },
  "POST /api/v1/check/batch": {
    operationId: "checkNumbers",
    tag: "check",
    summary: "Check up to 100 numbers",
    description:
      "Checks 1–100 numbers with one service, in order; each is charged as its own check. A number that cannot be checked (the balance or the key's spend limit ran out, the look-up failed) carries its error in its place and costs nothing. A batch counts as one request for the rate limit.",
    success: {
      description: "One item per number, in the order sent.",
      data: z
        .object({ items: z.array(batchItem).meta({ description: "One item per number, in order." }) })
        .meta({ description: "The answers, one per number." }),
    },
    errors: ["priceNotSet"],
  },
  "POST /api/v1/jobs": {
    operationId: "createJob",
    tag: "jobs",
    summary: "Submit a bulk job",
    description:
      "Submits numbers for checking in the background, either as JSON (`numbers`, 1–100,000) or as a CSV, TXT or XLSX file sent as the raw body (up to 200 MB, 10 million rows) with `service` and `fileName` in the query. Duplicates and invalid rows are never charged; the chargeable numbers are reserved on the balance at once and the unused rest released when the job ends. Follow it with `GET /api/v1/jobs/{id}` or a webhook.",
    success: { description: "The job, queued.", data: jobView },
    errors: [
      "insufficientBalance",
      "apiKeySpendLimit",
      "priceNotSet",
      "jobLimitReached",
      "jobTooManyRows",
      "payloadTooLarge",
      "fileTooLarge",
      "fileTypeUnsupported",
      "fileTypeMismatch",
      "fileEmpty",
      "fileEncodingBroken",
      "fileCorrupt",
      "fileExpandsTooMuch",
      "fileColumnMissing",
      "fileRowTooLarge",
      "fileTooComplex",
      "fileReadTooSlow",
      "uploadsBusy",
    ],
    fileBody: JOB_FILE_MEDIA_TYPES,
  },
  "GET /api/v1/jobs": {
    operationId: "listJobs",
    tag: "jobs",
    summary: "List jobs",
    description: "The organisation's API jobs, newest first, a page at a time.",
    success: { description: "A page of jobs.", data: jobList },
    errors: [],
  },
  "GET /api/v1/jobs/{id}": {
    operationId: "getJob",
    tag: "jobs",
    summary: "Get a job",
    description: "A job's state and progress.",
    success: { description: "The job.", data: jobView },
    errors: ["notFound"],
  },
  "GET /api/v1/jobs/{id}/results": {
    operationId: "listJobResults",
    tag: "jobs",
    summary: "Read a job's results",
    description:
      "A job's rows with their results, in row order, a page at a time (`cursor` = the last `seq`).",
    success: { description: "A page of rows.", data: jobResults },
    errors: ["notFound"],
  },
  "GET /api/v1/jobs/{id}/download": {
    operationId: "downloadJobResults",
    tag: "jobs",
    summary: "Download a job's results",
    description:
      "The results as a CSV (UTF-8 with BOM) or XLSX file; with `rejected=true` the rows that were not checked, with the reason. A file job's rows come back as the file had them, its own columns first and ours beside them, unless the organisation turned keeping them off. Cells that would start a spreadsheet formula are neutralised.",
    success: {
      description: "The file (Content-Disposition: attachment).",
      files: Object.values(DOWNLOAD_MEDIA_TYPES),
    },
    errors: ["notFound"],
  },
  "DELETE /api/v1/jobs/{id}": {
    operationId: "cancelJob",
    tag: "jobs",
    summary: "Cancel a job",
    description:
      "Stops a queued or running job: numbers not yet checked are not charged and the unused reservation returns to the balance at once.",
    success: { description: "The job, cancelled.", data: jobView },
    errors: ["notFound", "jobClosed"],
  },
  "POST /api/v1/jobs/{id}/retry-failed": {
    operationId: "retryFailedRows",
    tag: "jobs",
    summary: "Check a job's failed rows again",
    description:
      "Submits a new job of the rows of an ended job whose check failed (they were not charged), as they were sent, with the same service and default country. The new job is priced, reserved and charged as any job. Follow it with `GET /api/v1/jobs/{id}` or a webhook.",
    success: { description: "The new job, queued.", data: jobView },
    errors: [
      "notFound",
      "jobNotFinished",
      "jobNoFailedRows",
      "insufficientBalance",
      "apiKeySpendLimit",
      "priceNotSet",
      "jobLimitReached",
    ],
  },
  "GET /api/v1/usage": {
    operationId: "getUsage",
    tag: "usage",
    summary: "Get API usage",
    description:
      "Calls, errors, numbers and cost per day (days in the organisation's time zone) for a period of at most 366 days.",
    success: { description: "Usage per day.", data: usage },
    errors: ["usageRangeTooLong"],
  },
  "GET /api/v1/requests": {
    operationId: "listRequests",
    tag: "usage",
    summary: "List API requests",
    description:
      "The organisation's API requests of the last 30 days, newest first, a page at a time: time, key, method, path, status, time to answer, error code, Idempotency-Key and request id. Request and answer bodies are never kept.",
    success: { description: "A page of requests.", data: requestLog },
    errors: [],
  },
  "GET /api/v1/balance": {
    operationId: "getBalance",
    tag: "usage",
    summary: "Get the balance",
    description: "What the organisation has left to spend, and the calling key's spend limits and spend.",
    success: { description: "The balance.", data: balance },
    errors: [],
  },
  "GET /api/v1/coverage": {
    operationId: "getCoverage",
    tag: "usage",
    summary: "Get coverage and prices",
    description:
      "Per country: which services answer its numbers, the price per number the organisation would pay now, and for live services the share of look-ups answered and the median answer time measured for that country over the last seven days.",
    success: { description: "Coverage per country.", data: coverage },
    errors: [],
  },
  "GET /api/v1/receipts": {
    operationId: "listReceipts",
    tag: "billing",
    summary: "List credited top-ups",
    description:
      "The organisation's credited top-ups, newest first, each with the id its receipt is asked for by.",
    success: { description: "Credited top-ups.", data: receipts },
    errors: [],
  },
  "GET /api/v1/receipts/{id}": {
    operationId: "getReceipt",
    tag: "billing",
    summary: "Download a top-up's receipt",
    description:
      "The receipt of a credited top-up as PDF, in the language of `Accept-Language` (English by default): its number, the date, the method, the amount and the organisation's billing details.",
    success: { description: "The PDF (Content-Disposition: attachment).", files: ["application/pdf"] },
    errors: ["notFound"],
  },
  "GET /api/v1/statements": {
    operationId: "listStatements",
    tag: "billing",
    summary: "List the months with a statement",
    description:
      "The months with a statement, newest first (at most 24), from the first movement of the balance to this month.",
    success: { description: "The months.", data: statementMonths },
    errors: [],
  },
  "GET /api/v1/statements/{month}": {
    operationId: "getStatement",
    tag: "billing",
    summary: "Download a monthly statement",
    description:
      "A month's statement as PDF, in the language of `Accept-Language` (English by default): opening balance, top-ups, corrections, charges by service and closing balance.",
    success: { description: "The PDF (Content-Disposition: attachment).", files: ["application/pdf"] },
    errors: ["notFound"],
  },
} as const satisfies Record<string, PublicApiOperation>;

export type PublicApiOperationKey = keyof typeof PUBLIC_API_OPERATIONS;
