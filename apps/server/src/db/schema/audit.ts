import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Who did what, append-only (docs/security.md, "Audit log"). No foreign keys: an event outlives the
 * organisation, member, key or role it names until the retention purge, and a cascade would be a
 * delete the append-only trigger (migration 0022) refuses. tenant_id is null for events outside any
 * organisation (an operator's change to a partner, a person's own account).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id"),
    /** user | api_key | operator | system */
    actorType: text("actor_type").notNull(),
    /** The user's or the API key's id; null for operators and the system. */
    actorId: uuid("actor_id"),
    /** The operator's OS user name, when known. */
    actorLabel: text("actor_label"),
    /** `resource.action` from the catalogue in packages/contracts/src/audit.ts. */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** Before/after and readable names at the time; never secrets. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The organisation's log, newest first, keyset-paged by (created_at, id).
    index("audit_events_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    // Filter by person.
    index("audit_events_tenant_actor_idx").on(t.tenantId, t.actorId, t.createdAt),
    // Retention purge.
    index("audit_events_created_idx").on(t.createdAt),
    // The operator console's log of what operators did (docs/operations.md, "The operator console").
    index("audit_events_operator_idx").on(t.createdAt, t.id).where(sql`actor_type = 'operator'`),
  ],
);
