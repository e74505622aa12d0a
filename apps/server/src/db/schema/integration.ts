import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("api_keys_tenant_idx").on(t.tenantId, t.createdAt)],
);
