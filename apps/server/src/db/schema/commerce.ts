import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ledgerEntries } from "./money";
import { partners } from "./partners";
import { tenants } from "./tenants";
import { users } from "./users";

/**
 * Prices per number, by service and monthly volume band. A scope says whose list a row belongs
 * to: "standard" (the platform's), "partner:<partnerId>" (a partner's list for its customers) or
 * "special:<tenantId>" (one organisation's own price). The effective price is special, else the
 * partner's, else standard (docs/operations.md, "Prices").
 */
export const priceEntries = pgTable(
  "price_entries",
  {
    id: uuid("id").primaryKey(),
    scope: text("scope").notNull(),
    partnerId: uuid("partner_id").references(() => partners.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    service: text("service").notNull(),
    /** The band starts at this many numbers checked in the calendar month (0 = first band). */
    minMonthlyVolume: integer("min_monthly_volume").notNull().default(0),
    priceMicros: bigint("price_micros", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("price_entries_band_uq").on(t.scope, t.service, t.minMonthlyVolume)],
);

/** A request to add funds: by card (Stripe Checkout) or by bank transfer confirmed by an operator. */
export const rechargeOrders = pgTable(
  "recharge_orders",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    amountMicros: bigint("amount_micros", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    /**
     * What was credited when the order was paid; a bank transfer may bring less or more than was
     * ordered (docs/operations.md, "Balance and recharges"). Null until paid.
     */
    receivedMicros: bigint("received_micros", { mode: "bigint" }),
    /** pending, paid, failed, expired, cancelled. */
    status: text("status").notNull().default("pending"),
    /** What the customer writes on a bank transfer; unique so a payment maps to one order. */
    reference: text("reference").notNull().unique(),
    providerSessionId: text("provider_session_id").unique(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ledgerEntryId: uuid("ledger_entry_id").references(() => ledgerEntries.id),
    note: text("note"),
    /** Made by automatic top-up with the saved card (a PaymentIntent, its id in providerSessionId). */
    automatic: boolean("automatic").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("recharge_orders_tenant_created_idx").on(t.tenantId, t.createdAt),
    uniqueIndex("recharge_orders_auto_pending_uq")
      .on(t.tenantId)
      .where(sql`${t.automatic} and ${t.status} = 'pending'`),
  ],
);

/**
 * Automatic top-up (docs/operations.md, "Automatic top-up"): the organisation's Stripe customer and
 * saved card, its settings, the attempt in flight and the day's count. An attempt is claimed by one
 * statement on this row (auto-top-up-repo.ts, claim).
 */
export const autoTopUps = pgTable(
  "auto_top_ups",
  {
    tenantId: uuid("tenant_id")
      .primaryKey()
      .references(() => tenants.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id"),
    paymentMethodId: text("payment_method_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardExpMonth: integer("card_exp_month"),
    cardExpYear: integer("card_exp_year"),
    enabled: boolean("enabled").notNull().default(false),
    thresholdMicros: bigint("threshold_micros", { mode: "bigint" }).notNull().default(0n),
    amountMicros: bigint("amount_micros", { mode: "bigint" }).notNull().default(0n),
    dailyMax: integer("daily_max").notNull().default(3),
    /** Why it turned itself off (payment_failed, authentication_required); null otherwise. */
    disabledReason: text("disabled_reason"),
    inFlightOrderId: uuid("in_flight_order_id"),
    day: date("day"),
    dayCount: integer("day_count").notNull().default(0),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("auto_top_ups_enabled_idx").on(t.tenantId).where(sql`${t.enabled}`),
    check(
      "auto_top_ups_settings_valid",
      sql`${t.thresholdMicros} >= 0 and ${t.amountMicros} >= 0 and ${t.dailyMax} between 1 and 24 and (not ${t.enabled} or (${t.paymentMethodId} is not null and ${t.amountMicros} > 0))`,
    ),
  ],
);

/** Payment provider events already handled, so a repeated webhook credits nothing twice. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An organisation's billing details, printed on its receipts and statements (docs/operations.md,
 * "Billing details, receipts and statements"): one row per organisation, written by someone who
 * may change money settings. The tax id is kept as typed, checked per country when saved.
 */
export const billingDetails = pgTable("billing_details", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull(),
  addressLine1: text("address_line1").notNull(),
  addressLine2: text("address_line2"),
  city: text("city").notNull(),
  postalCode: text("postal_code"),
  region: text("region"),
  /** ISO 3166-1 alpha-2. */
  country: text("country").notNull(),
  taxId: text("tax_id"),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
