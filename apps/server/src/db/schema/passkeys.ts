import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A person's passkeys (docs/security.md, "Passkeys"): the public half of each WebAuthn
 * credential, never a secret. The credential id is unique over the installation: one
 * authenticator's credential belongs to one account.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id as base64url, as the browser sends it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key as base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter; one that does not grow marks a copy. */
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    /** The ways the browser may reach the authenticator (usb, nfc, ble, internal, hybrid). */
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    /** Whether the passkey is synced between devices (a backup exists), as the authenticator says. */
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("passkeys_credential_uq").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/**
 * A WebAuthn challenge waiting for its answer: single-use (deleted by the answer that reads it)
 * and short-lived. The browser holds a random id in a cookie; the table holds its hash.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    idHash: text("id_hash").primaryKey(),
    /** register, sign_in (passkey alone) or second_factor (after the password). */
    purpose: text("purpose").notNull(),
    /** The account it was made for; none for a sign-in with a passkey alone. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    challenge: text("challenge").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("passkey_challenges_expires_idx").on(t.expiresAt)],
);
