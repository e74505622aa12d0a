import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenants } from "./tenants";

/** One account per organisation. The balance equals the sum of its ledger and is never negative. */
export const accounts = pgTable(
  "accounts",
  {
    tenantId: uuid("tenant_id")
      .primaryKey()
      .references(() => tenants.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    balanceMicros: bigint("balance_micros", { mode: "bigint" }).notNull().default(sql`0`),
    lowBalanceThresholdMicros: bigint("low_balance_threshold_micros", { mode: "bigint" }),
    lowBalanceAlerted: boolean("low_balance_alerted").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("accounts_balance_not_negative", sql`${t.balanceMicros} >= 0`)],
);

/**
 * Ledger rows the transaction list shows one by one: all but the charges of single checks (a
 * reference to a job that is not a bulk hold, trade types 11 and 12). The list query repeats this
 * text exactly, so the planner can use the partial index built on it.
 */
export const LISTED_ALONE = "(coalesce(reference_type, '') <> 'detection_job' or trade_type in (11, 12))";

/** Immutable ledger: every change of a balance, with its trade type (docs/architecture.md, "Organisations and access"). */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    tradeType: smallint("trade_type").notNull(),
    amountMicros: bigint("amount_micros", { mode: "bigint" }).notNull(),
    balanceAfterMicros: bigint("balance_after_micros", { mode: "bigint" }).notNull(),
    service: text("service"),
    quantity: integer("quantity"),
    referenceType: text("reference_type"),
    referenceId: text("reference_id"),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id"),
    /** Free text (an operator's reason), or the English of a system note (note_key). */
    note: text("note"),
    /**
     * A note the product wrote itself, by its key in the server's "ledger" catalogue and its
     * parameters, so each reader sees it in their language; null for free text.
     */
    noteKey: text("note_key"),
    noteParams: jsonb("note_params"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_idempotency_uq").on(t.tenantId, t.idempotencyKey),
    index("ledger_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("ledger_tenant_type_created_idx").on(t.tenantId, t.tradeType, t.createdAt),
    // The transaction list without the charges of single checks (shown a day's job at a time):
    // its keyset scan never walks past them (docs/architecture.md, "A check costs one row").
    index("ledger_tenant_listed_idx").on(t.tenantId, t.createdAt, t.id).where(sql.raw(LISTED_ALONE)),
    // The ledger rows of one job, newest last: a day's job's latest charge and balance.
    index("ledger_tenant_job_idx")
      .on(t.tenantId, t.referenceId, t.createdAt, t.id)
      .where(sql`reference_type = 'detection_job'`),
  ],
);

/** Funds held for bulk work: reserved up front, settled as used, the rest released as a refund. */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    reservedMicros: bigint("reserved_micros", { mode: "bigint" }).notNull(),
    settledMicros: bigint("settled_micros", { mode: "bigint" }).notNull().default(sql`0`),
    releasedMicros: bigint("released_micros", { mode: "bigint" }).notNull().default(sql`0`),
    status: text("status").notNull().default("open"),
    chargeEntryId: uuid("charge_entry_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    check("reservations_within_hold", sql`${t.settledMicros} + ${t.releasedMicros} <= ${t.reservedMicros}`),
    index("reservations_tenant_idx").on(t.tenantId),
  ],
);

/**
 * Numbers charged per organisation, calendar month (UTC) and service: the volume that picks a
 * price band. Kept in step with the ledger (same transaction as each debit that names a service
 * and a quantity), so a quote reads one row instead of summing the month's ledger.
 */
export const monthlyVolumes = pgTable(
  "monthly_volumes",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** First day of the month (UTC). */
    month: date("month").notNull(),
    service: text("service").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month, t.service] })],
);
