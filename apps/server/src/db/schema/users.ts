import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { partners } from "./partners";

/** An account belongs to the partner site it registered on: one e-mail may hold one per partner. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    locale: text("locale"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** Staff of the partner site: acts as Owner in any of that partner's organisations (support). */
    platformAdmin: boolean("platform_admin").notNull().default(false),
    /**
     * When the person's first organisation got the welcome credit (WELCOME_CREDIT): once per
     * person, claimed by one conditional update (docs/security.md, "Privacy: export and deletion").
     */
    welcomeCreditAt: timestamp("welcome_credit_at", { withTimezone: true }),
    /**
     * active | pending_deletion | purging, with the same grace period as an organisation's
     * deletion (docs/security.md, "Privacy: export and deletion"): signing in again restores it.
     */
    status: text("status").notNull().default("active"),
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    purgeAfter: timestamp("purge_after", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_partner_email_uq").on(t.partnerId, t.email),
    index("users_purge_idx").on(t.purgeAfter).where(sql`purge_after is not null`),
  ],
);

/**
 * Server-side sessions; only the SHA-256 of the cookie value is stored. `id` names a session in
 * the person's own list (never the cookie or its digest); `step_up_at` is when the person last
 * proved a second factor or the password in it, the sign-in included (docs/security.md, "Sessions").
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    id: uuid("id").notNull().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    stepUpAt: timestamp("step_up_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The organisation whose single sign-on started this session: it counts as that
     * organisation's strong sign-in (docs/security.md, "Single sign-on"). Null for other ways in.
     * References tenants(id) on delete set null (migration 0044); not declared here, since the
     * tenants schema already imports this file.
     */
    ssoTenantId: uuid("sso_tenant_id"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    uniqueIndex("sessions_id_uq").on(t.id),
  ],
);

/**
 * The devices a person has signed in from, remembered past their sessions so a sign-in from any
 * other one can be told by e-mail (docs/security.md, "Sign-in alerts"). The browser holds a
 * random id in a cookie; only its hash is here. A person keeps the newest few only.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Browser and system as the user-agent parser read them, e.g. "Firefox 133, macOS". */
    userAgent: text("user_agent"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index("known_devices_user_seen_idx").on(t.userId, t.lastSeenAt),
  ],
);

/** One-time e-mail codes (register, password reset, e-mail change), stored hashed. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: uuid("id").primaryKey(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id),
    email: text("email").notNull(),
    purpose: text("purpose").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_codes_lookup_idx").on(t.partnerId, t.email, t.purpose, t.createdAt)],
);

/**
 * Who may open the operator console (docs/operations.md, "The operator console"): platform
 * operators across every partner, partner operators within the partner their account belongs to.
 */
export const operators = pgTable(
  "operators",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** platform | partner */
    scope: text("scope").notNull(),
    /** operator.resource:action rights (packages/contracts/src/operator.ts). */
    permissions: text("permissions").array().notNull(),
    /** Who granted them: an operator's e-mail, or the CLI's operator name. */
    grantedBy: text("granted_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("operators_scope_idx").on(t.scope)],
);

/**
 * A user's authenticator-app secret (docs/security.md, "Two-factor sign-in"), encrypted. The row
 * exists from set-up; `enabled_at` is set once the first code confirmed it.
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** AES-256-GCM of the base32 secret, under the installation's `two_factor_key`. */
  secretSealed: text("secret_sealed").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The last time step whose code was accepted: a code is accepted once (no replay). */
  lastStep: bigint("last_step", { mode: "number" }),
  /** Codes tried since `tries_since` (per-account limit, taken before each comparison). */
  tries: integer("tries").notNull().default(0),
  triesSince: timestamp("tries_since", { withTimezone: true }).notNull().defaultNow(),
  /** Signs the "remember this browser" cookies; a new value forgets every remembered browser. */
  trustNonce: text("trust_nonce").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as SHA-256 digests. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_uq").on(t.userId, t.codeHash)],
);

/** A sign-in whose password was right and that waits for its second factor (cookie: the id). */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("two_factor_challenges_expires_idx").on(t.expiresAt)],
);
