import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A white-label site: the brand and the host names it answers on. */
export const partners = pgTable("partners", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  logo: text("logo").notNull().default(""),
  darkLogo: text("dark_logo").notNull().default(""),
  email: text("email").notNull().default(""),
  domain: text("domain").unique(),
  subDomain: text("sub_domain").unique(),
  isDefault: boolean("is_default").notNull().default(false),
  currency: text("currency").notNull().default("USD"),
  /** The brand colour (#rrggbb) the partner's pages are painted with; "" keeps the product's. */
  primaryColor: text("primary_color").notNull().default(""),
  /**
   * The partner's own staff organisation: only its members, with dsp_* permissions, see the
   * partner's customers (dsp_detection:read: every customer's jobs). Set by an operator.
   */
  staffTenantId: uuid("staff_tenant_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
