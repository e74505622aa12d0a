import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { roles, tenants } from "./tenants";

/**
 * An organisation's single sign-on over OpenID Connect (docs/security.md, "Single sign-on"): its
 * identity provider, the client secret sealed under the installation's key and bound to the
 * organisation, the role of people who join by it, and whether its domains' members must use it.
 */
export const ssoConfigs = pgTable("sso_configs", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretSealed: text("client_secret_sealed").notNull(),
  /** Null once the role was deleted: newcomers then join as Viewers. */
  roleId: uuid("role_id").references(() => roles.id, { onDelete: "set null" }),
  required: boolean("required").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-mail domains an organisation's single sign-on covers, each proven by a DNS TXT record or
 * an e-mailed code (kept as its SHA-256, five tries). A domain is proven by one organisation at a
 * time: the partial unique index refuses a second proof while the first stands.
 */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    /** The value of the TXT record asked for; not a secret (it is published). */
    token: text("token").notNull(),
    provenAt: timestamp("proven_at", { withTimezone: true }),
    /** dns | email */
    method: text("method"),
    codeHash: text("code_hash"),
    codeEmail: text("code_email"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sso_domains_tenant_domain_uq").on(t.tenantId, t.domain),
    uniqueIndex("sso_domains_proven_uq").on(t.domain).where(sql`proven_at is not null`),
  ],
);

/**
 * A single sign-on under way: the browser holds a random id in a cookie, this row its SHA-256,
 * the state, nonce and PKCE verifier to check the identity provider's answer against. Read and
 * deleted by one statement at the callback, so an answer is taken once.
 */
export const ssoLogins = pgTable(
  "sso_logins",
  {
    idHash: text("id_hash").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    popup: boolean("popup").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sso_logins_expires_idx").on(t.expiresAt)],
);
