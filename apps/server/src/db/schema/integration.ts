import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * API keys of the public API. Only a digest of the secret is kept; `lookup` (the visible id part
 * of the key) finds the row, the digest is compared in constant time.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** live or test. */
    mode: text("mode").notNull(),
    scopes: text("scopes").array().notNull().default(sql`'{}'::text[]`),
    /** The key's public id part, unique: "nc_live_<lookup>_<secret>". */
    lookup: text("lookup").notNull().unique(),
    /** sha256 (hex) of the whole key. */
    digest: text("digest").notNull(),
    last4: text("last4").notNull(),
    ipAllowList: text("ip_allow_list").array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When it stops working: revoked now, or the end of a roll's grace period. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Set on the old key when it was rolled (revokedAt is then the end of the grace period). */
    rolledAt: timestamp("rolled_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Most the key may spend in a UTC day / month (micros); null: no limit. */
    dailyLimitMicros: bigint("daily_limit_micros", { mode: "bigint" }),
    monthlyLimitMicros: bigint("monthly_limit_micros", { mode: "bigint" }),
  },
  (t) => [
    index("api_keys_tenant_idx").on(t.tenantId, t.createdAt),
    check(
      "api_keys_limits_positive",
      sql`(${t.dailyLimitMicros} is null or ${t.dailyLimitMicros} > 0) and (${t.monthlyLimitMicros} is null or ${t.monthlyLimitMicros} > 0)`,
    ),
  ],
);

/**
 * What a key spent per UTC day and month, raised by every charge made with it in the charge's own
 * statement (docs/architecture.md, "Several processes, one balance"). `warned` and `reached` are
 * set once, under the row's lock, when the 80 % warning and the limit were announced.
 */
export const apiKeySpend = pgTable(
  "api_key_spend",
  {
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** "day" or "month". */
    period: text("period").notNull(),
    /** The UTC day, or the first day of the UTC month. */
    periodStart: date("period_start").notNull(),
    spentMicros: bigint("spent_micros", { mode: "bigint" }).notNull().default(0n),
    warned: boolean("warned").notNull().default(false),
    reached: boolean("reached").notNull().default(false),
  },
  (t) => [
    primaryKey({ name: "api_key_spend_pk", columns: [t.keyId, t.period, t.periodStart] }),
    index("api_key_spend_tenant_idx").on(t.tenantId),
  ],
);

/**
 * Idempotency-Key records of the public API: the first request with a key runs, its answer is kept
 * and replayed to every repeat with the same fingerprint (method, path, body) for a day. A key's
 * answers belong to the API key (and so the mode) that sent it: a test key's answer is never
 * replayed to a live key, which must run and be charged (docs/security.md).
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** "live" or "test": the mode of the API key that sent the request. */
    mode: text("mode").notNull(),
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** sha256 of method, path and body: a repeat with another body is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** pending while the first request runs, then done with its answer. */
    state: text("state").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    contentType: text("content_type"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.mode, t.apiKeyId, t.key] }),
    index("api_idempotency_created_idx").on(t.createdAt),
  ],
);

/** Every authenticated public API call, kept for API_CALL_RETENTION_DAYS: the request log. */
export const apiCalls = pgTable(
  "api_calls",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    apiKeyId: uuid("api_key_id").notNull(),
    method: text("method").notNull(),
    /** The route pattern, e.g. "POST /api/v1/jobs/:id": ids never make endpoints of their own. */
    endpoint: text("endpoint").notNull(),
    service: text("service"),
    status: integer("status").notNull(),
    numbers: integer("numbers").notNull().default(0),
    costMicros: bigint("cost_micros", { mode: "bigint" }).notNull().default(sql`0`),
    latencyMs: real("latency_ms").notNull(),
    requestId: text("request_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The path as requested, query values that could be a key or a number masked (the request log). */
    path: text("path"),
    /** The envelope's code of an error answer. */
    errorCode: integer("error_code"),
    /** The request's Idempotency-Key header, when it sent one. */
    idempotencyKey: text("idempotency_key"),
  },
  // The request log's filters, newest first by (at, id); sized in docs/operations.md, "The API
  // request log": a key belongs to one organisation, most calls succeed (statuses of 300 and
  // more only), and a request id is looked up by equality alone (a hash is half a B-tree's size).
  (t) => [
    index("api_calls_tenant_at_idx").on(t.tenantId, t.at, t.id),
    index("api_calls_key_at_idx").on(t.apiKeyId, t.at, t.id),
    index("api_calls_tenant_status_at_idx")
      .on(t.tenantId, t.status, t.at, t.id)
      .where(sql`${t.status} >= 300`),
    index("api_calls_request_id_idx").using("hash", t.requestId),
  ],
);

/** What the daily and monthly usage rollups both hold per combination (fresh builders per table). */
const rollupColumns = () => ({
  apiKeyId: uuid("api_key_id").notNull(),
  endpoint: text("endpoint").notNull(),
  /** "" when the call named no service. */
  service: text("service").notNull().default(""),
  status: integer("status").notNull(),
  calls: bigint("calls", { mode: "number" }).notNull().default(0),
  numbers: bigint("numbers", { mode: "number" }).notNull().default(0),
  costMicros: bigint("cost_micros", { mode: "bigint" }).notNull().default(sql`0`),
  latencyMsSum: doublePrecision("latency_ms_sum").notNull().default(0),
  /** Calls per latency bucket (bounds in features/metering/latency-buckets.ts). */
  latencyHist: bigint("latency_hist", { mode: "number" }).array().notNull(),
});

/**
 * The API usage page reads only this: one row per organisation, day (in the organisation's time
 * zone when the call was made), key, endpoint, service and status, with a latency histogram.
 */
export const apiUsageDaily = pgTable(
  "api_usage_daily",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    ...rollupColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.day, t.apiKeyId, t.endpoint, t.service, t.status] }),
    // The usage page filtered to one key or one endpoint reads only that key's or endpoint's rows
    // (bench/api-usage.ts: a year of one key 3x, of one endpoint 2x faster than via the primary key).
    index("api_usage_daily_key_idx").on(t.tenantId, t.apiKeyId, t.day),
    index("api_usage_daily_endpoint_idx").on(t.tenantId, t.endpoint, t.day),
  ],
);

/**
 * The daily rollup summed per month (in the organisation's time zone, as the days are): a year of
 * breakdowns reads twelve rows per combination instead of 365. Kept in step by the meter.
 */
export const apiUsageMonthly = pgTable(
  "api_usage_monthly",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** First day of the month. */
    month: date("month").notNull(),
    ...rollupColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month, t.apiKeyId, t.endpoint, t.service, t.status] })],
);

/**
 * Calls per organisation, day and service, whatever the key, endpoint and status: the day series
 * of the usage page (and GET /api/v1/usage) without adding up every combination of the day.
 */
export const apiUsageDayTotals = pgTable(
  "api_usage_day_totals",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    service: text("service").notNull().default(""),
    calls: bigint("calls", { mode: "number" }).notNull().default(0),
    /** Calls answered with a status outside 2xx. */
    errors: bigint("errors", { mode: "number" }).notNull().default(0),
    numbers: bigint("numbers", { mode: "number" }).notNull().default(0),
    costMicros: bigint("cost_micros", { mode: "bigint" }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.service] })],
);

/** Where an organisation wants to hear about events; the secret signs every delivery. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_tenant_idx").on(t.tenantId, t.createdAt)],
);

/**
 * One event to one endpoint: written in the transaction that caused the event (an outbox), sent
 * by the deliverer, retried with backoff until it succeeds or a day has passed.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event's id: the same in every delivery of it (receivers de-duplicate on it). */
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The exact JSON body that is signed and sent. */
    payload: text("payload").notNull(),
    /** pending, succeeded or failed. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    /**
     * The headers the latest attempt sent (never the secret; the signature is not the secret);
     * null while no attempt has sent anything. The body sent is `payload`.
     */
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>(),
    /** The first 1,024 bytes of the latest answer's body (as UTF-8 text); null without an answer. */
    responseBody: text("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);
