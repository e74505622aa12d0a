import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { partners } from "./partners";
import { users } from "./users";

/** Organisations. */
export const tenants = pgTable(
  "tenants",
  {
    id: uuid("id").primaryKey(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id),
    name: text("name").notNull(),
    timezoneCode: text("timezone_code").notNull().default("UTC"),
    /** active, suspended, removed; pending_deletion, purging, deleted (docs/security.md, privacy). */
    status: text("status").notNull().default("active"),
    /** Uploads keep the file's other columns for the results file (privacy policy; off: only the number). */
    keepFileColumns: boolean("keep_file_columns").notNull().default(true),
    /**
     * Every member must have two-factor sign-in to reach the organisation; API keys of members
     * without it work only while `keysWithoutTwoFactor` says so (docs/security.md, "Two-factor
     * sign-in for every member").
     */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    keysWithoutTwoFactor: boolean("keys_without_two_factor").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who asked for the deletion and when; the data goes at purge_after unless an owner restores it. */
    deletionRequestedBy: uuid("deletion_requested_by").references(() => users.id, { onDelete: "set null" }),
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    purgeAfter: timestamp("purge_after", { withTimezone: true }),
    purgedAt: timestamp("purged_at", { withTimezone: true }),
  },
  (t) => [
    index("tenants_partner_idx").on(t.partnerId),
    // The housekeeping's pick of organisations whose grace period is over.
    index("tenants_purge_idx").on(t.purgeAfter).where(sql`purge_after is not null`),
  ],
);

/** Roles of one organisation: the built-in six (key set) and custom ones (key null). */
export const roles = pgTable(
  "roles",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    key: text("key"),
    name: text("name").notNull(),
    isSuper: boolean("is_super").notNull().default(false),
    permissions: jsonb("permissions").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("roles_tenant_name_uq").on(t.tenantId, t.name),
    index("roles_tenant_idx").on(t.tenantId),
  ],
);

export const tenantMembers = pgTable(
  "tenant_members",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index("tenant_members_user_idx").on(t.userId),
    index("tenant_members_role_idx").on(t.roleId),
  ],
);

/** Invitations by e-mail; the token is stored hashed and works once, for 7 days. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("invitations_tenant_idx").on(t.tenantId, t.createdAt)],
);

/**
 * Notices inside an organisation, to all members (user_id null) or to one. The text is stored as
 * a type and parameters and rendered in the reader's language.
 */
export const notices = pgTable(
  "notices",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notices_tenant_created_idx").on(t.tenantId, t.createdAt),
    // The reader's list: user_id null (everyone) or theirs, in one organisation, newest first.
    index("notices_user_tenant_created_idx").on(t.userId, t.tenantId, t.createdAt),
  ],
);

export const noticeReads = pgTable(
  "notice_reads",
  {
    noticeId: uuid("notice_id")
      .notNull()
      .references(() => notices.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index("notice_reads_user_idx").on(t.userId)],
);
