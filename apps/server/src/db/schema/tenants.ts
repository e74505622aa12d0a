import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { partners } from "./partners";
import { users } from "./users";

/** Organisations. Roles, invitations and the rest of tenancy build on these two tables. */
export const tenants = pgTable("tenants", {
  id: uuid("id").primaryKey(),
  partnerId: uuid("partner_id")
    .notNull()
    .references(() => partners.id),
  name: text("name").notNull(),
  timezoneCode: text("timezone_code").notNull().default("UTC"),
  status: text("status").notNull().default("active"),
  createdBy: uuid("created_by").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const tenantMembers = pgTable(
  "tenant_members",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), index("tenant_members_user_idx").on(t.userId)],
);
