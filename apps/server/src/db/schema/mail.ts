import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { partners } from "./partners";

/** Every e-mail the product sends; without SMTP this table and the log are the outbox. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey(),
    partnerId: uuid("partner_id").references(() => partners.id),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status").notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_created_idx").on(t.createdAt)],
);
