import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { reservations } from "./money";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * A detection job: the numbers of a list or a file (kind list, file), or the single checks of one
 * day (kind single: one job per organisation, UTC day, service, channel, sandbox and member, each
 * check one item), so history, results and retention work the same way for both
 * (docs/architecture.md, "A check costs one row").
 */
export const detectionJobs = pgTable(
  "detection_jobs",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** web or api. */
    channel: text("channel").notNull(),
    service: text("service").notNull(),
    /** draft (read, not yet submitted), queued, running, completed, failed, cancelled. */
    status: text("status").notNull().default("queued"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    invalid: integer("invalid").notNull().default(0),
    unitPriceMicros: bigint("unit_price_micros", { mode: "bigint" }).notNull().default(sql`0`),
    chargedMicros: bigint("charged_micros", { mode: "bigint" }).notNull().default(sql`0`),
    currency: text("currency").notNull().default("USD"),
    reservationId: uuid("reservation_id").references(() => reservations.id),
    submittedBy: uuid("submitted_by").references(() => users.id, { onDelete: "set null" }),
    defaultCountry: text("default_country"),
    fileName: text("file_name"),
    /** Which column of the file held the numbers (0-based), and whether row 1 was a header. */
    fileColumn: integer("file_column"),
    fileHeader: integer("file_header"),
    sandbox: integer("sandbox").notNull().default(0),
    /**
     * The uploaded file's own columns, when the organisation keeps them: how many there are and
     * row 1's names when it was a header (docs/architecture.md, "The customer's own columns").
     */
    fileColumns: jsonb("file_columns").$type<{ width: number; header: string[] | null }>(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("detection_jobs_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("detection_jobs_status_idx").on(t.status),
    // Retention: finished jobs by age.
    index("detection_jobs_finished_idx").on(t.finishedAt),
    // The transaction list's rows of single checks: a day's job by its latest check.
    index("detection_jobs_single_finished_idx")
      .on(t.tenantId, t.finishedAt, t.id)
      .where(sql`kind = 'single'`),
  ],
);

/** One number of a job; workers claim queued items with SKIP LOCKED and a lease. */
export const detectionItems = pgTable(
  "detection_items",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => detectionJobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    input: text("input").notNull(),
    e164: text("e164"),
    /** queued, done, rejected (invalid or duplicate, not charged), failed. */
    status: text("status").notNull().default("queued"),
    rejectReason: text("reject_reason"),
    // json, not jsonb: stored as written (no binary conversion), which is what a bulk write of
    // millions of results costs most; nothing queries inside it (facets have their own columns).
    result: json("result"),
    /**
     * Facets of the result the result view counts and filters by, written with the result:
     * the service's verdict (valid, connected, ported, allow, ...), line type, country, carrier, risk.
     */
    outcome: text("outcome"),
    lineType: text("line_type"),
    country: text("country"),
    carrier: text("carrier"),
    risk: text("risk"),
    costMicros: bigint("cost_micros", { mode: "bigint" }).notNull().default(sql`0`),
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** A single check (dashboard or API), not a row of a list or file. */
    single: boolean("single").notNull().default(false),
    /**
     * The ledger row that charged this single check together with the others of its batch; null
     * when nothing was charged, and for lists and files (their hold is on the job).
     */
    ledgerEntryId: uuid("ledger_entry_id"),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.seq] }),
    index("detection_items_job_status_idx").on(t.jobId, t.status),
    // The worker's next items in row order: only queued rows are in it, so picking the next chunk
    // of a job of millions stays an index range scan however much of it is done.
    index("detection_items_queued_idx").on(t.jobId, t.seq).where(sql`status = 'queued'`),
    // Fraud velocity: a number's single checks by time. Only those rows, so the bulk write of
    // millions of items pays nothing for it.
    index("detection_items_single_e164_idx").on(t.e164, t.finishedAt).where(sql`single and e164 is not null`),
  ],
);

const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The other cells of an uploaded file's rows (all but the number), for the results file: the rows
 * of one written batch of items as a brotli-compressed JSON array of [seq, ...cells], so a million
 * rows are a few hundred small rows here (docs/performance.md, "The customer's own columns").
 */
export const detectionItemColumns = pgTable(
  "detection_item_columns",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => detectionJobs.id, { onDelete: "cascade" }),
    firstSeq: integer("first_seq").notNull(),
    lastSeq: integer("last_seq").notNull(),
    cells: bytea("cells").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.firstSeq] })],
);

/**
 * The items of one written batch of a list or file whose every number was answered or rejected
 * while it was read (basic check, offline fraud score): no row per number, but one row per batch
 * with the items as a brotli-compressed JSON array and their counts per status and facet, which
 * the result view sums and its filters use to skip chunks (docs/architecture.md, "Items stored in
 * chunks"). Items a worker must still look up (HLR, MNP) stay rows of detection_items.
 */
export const detectionItemChunks = pgTable(
  "detection_item_chunks",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => detectionJobs.id, { onDelete: "cascade" }),
    firstSeq: integer("first_seq").notNull(),
    lastSeq: integer("last_seq").notNull(),
    /** How many items, and per status and facet column: `{"status": [["done", 4990], ...], ...}`. */
    counts: jsonb("counts").$type<Record<string, [string | null, number][]>>().notNull(),
    items: bytea("items").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.firstSeq] })],
);

/**
 * HLR and MNP answers shared by every process (web and workers) and kept across restarts, so a
 * number looked up within the cache age is not paid for upstream twice.
 */
export const lookupCache = pgTable(
  "lookup_cache",
  {
    service: text("service").notNull(),
    e164: text("e164").notNull(),
    value: jsonb("value").notNull(),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.e164] }), index("lookup_cache_stored_idx").on(t.storedAt)],
);

/**
 * What each provider measured per country (ISO-2 of the numbers, "" when unknown), look-up kind and
 * UTC hour: attempts, answered ones and a latency histogram (slots of numcheck's provider-stats),
 * added to by every process in batches and kept eight days (docs/api.md, "Coverage"). The primary
 * key leads with the hour: the coverage reads every country's last week at once, and the pruning
 * deletes by hour, both through it.
 */
export const providerCountryStats = pgTable(
  "provider_country_stats",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    provider: text("provider").notNull(),
    country: text("country").notNull(),
    kind: text("kind").notNull(),
    attempts: integer("attempts").notNull(),
    answered: integer("answered").notNull(),
    latencyHist: integer("latency_hist").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.provider, t.country, t.kind] })],
);

/**
 * An organisation's own fraud lists: numbers or prefixes ("+4477009") it blocks or allows. The
 * allow list wins; both feed the fraud shield of single checks and bulk jobs.
 */
export const fraudListEntries = pgTable(
  "fraud_list_entries",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** block or allow. */
    kind: text("kind").notNull(),
    /** "+" and digits, normalised. */
    entry: text("entry").notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.entry] })],
);
